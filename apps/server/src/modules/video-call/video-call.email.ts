import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { slotEnd } from '@rankmaps/shared/support-hours';
import { escapeHtml } from '../auth/email-templates';
import type { NewEmail } from '../mail/mail.repository';
import { buildIcs } from './ics';

/**
 * The video call's e-mails (docs/support.md «Videollamada»): to the user and to the support
 * team, each with the time in its reader's zone, the meeting link and the .ics invitation.
 */

export type VideoMailEvent = 'booked' | 'moved' | 'cancelled' | 'reminder';

export const VIDEO_MAIL_KINDS: Record<VideoMailEvent, string> = {
  booked: 'video-booked',
  moved: 'video-moved',
  cancelled: 'video-cancelled',
  reminder: 'video-reminder',
};

export interface VideoMailBooking {
  id: string;
  startsAt: Date;
  /** The slot before a move, for the «was … now …» line. */
  previousStart?: Date | undefined;
  topic: string | null;
  meetingUrl: string;
  sequence: number;
  userName: string;
  userEmail: string;
  userTimeZone: string;
  /** Who cancelled, for the cancellation's wording. */
  cancelledBy?: 'cliente' | 'operador' | undefined;
}

export interface VideoMailContext {
  supportEmail: string;
  teamTimeZone: string;
  appUrl: string;
  /** When this version of the invitation is written (the .ics DTSTAMP). */
  now: Date;
}

/** «martes, 1 de diciembre de 2026, 10:00 (hora peninsular española)»: the zone in words, never its IANA name. */
export function formatInZone(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('es-ES', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);
  return `${text} (${timeZoneInWords(timeZone)})`;
}

/** The attachment's name and type; the bytes are the .ics text. */
export const icsAttachmentType = (method: 'REQUEST' | 'CANCEL') => `text/calendar; charset=utf-8; method=${method}`;
export const ICS_FILENAME = 'videollamada-rankmaps.ics';

/** The .ics text of the booking's current version: a REQUEST, or a CANCEL once cancelled. */
export function bookingIcs(b: VideoMailBooking, ctx: VideoMailContext, event: VideoMailEvent): string {
  const method = event === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const host = new URL(ctx.appUrl).hostname || 'rankmaps.es';
  return buildIcs({
    method,
    uid: `videollamada-${b.id}@${host}`,
    sequence: b.sequence,
    start: b.startsAt,
    end: slotEnd(b.startsAt),
    stamp: ctx.now,
    summary: 'Videollamada con el soporte de RankMaps',
    description: [b.topic ? `Tema: ${b.topic}` : null, `Enlace de la reunión: ${b.meetingUrl}`].filter(Boolean).join('\n'),
    url: b.meetingUrl,
    organizer: { name: 'Soporte de RankMaps', email: ctx.supportEmail },
    attendees: [{ name: b.userName, email: b.userEmail }],
  });
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
${body}
</body></html>`;

interface Wording {
  subject: string;
  opening: string;
}

function wordingFor(event: VideoMailEvent, b: VideoMailBooking, forTeam: boolean, when: string): Wording {
  const who = forTeam ? `${b.userName} (${b.userEmail})` : null;
  switch (event) {
    case 'booked':
      return forTeam
        ? { subject: `Nueva videollamada: ${when}`, opening: `${who} ha reservado una videollamada con el equipo de soporte.` }
        : { subject: `Videollamada reservada: ${when}`, opening: 'Tu videollamada con el equipo de soporte de RankMaps está reservada.' };
    case 'moved':
      return forTeam
        ? { subject: `Videollamada cambiada de hora: ${when}`, opening: `La videollamada con ${who} ha cambiado de hora.` }
        : { subject: `Tu videollamada cambia de hora: ${when}`, opening: 'Tu videollamada con el equipo de soporte de RankMaps ha cambiado de hora.' };
    case 'cancelled': {
      const byTeam = b.cancelledBy === 'operador';
      const subject = `Videollamada cancelada: ${when}`;
      if (forTeam) return { subject, opening: byTeam ? `Se ha cancelado desde la bandeja del operador la videollamada con ${who}.` : `${who} ha cancelado su videollamada.` };
      return { subject, opening: byTeam ? 'El equipo de soporte de RankMaps ha cancelado tu videollamada.' : 'Has cancelado tu videollamada con el equipo de soporte de RankMaps.' };
    }
    case 'reminder':
      return forTeam
        ? { subject: `Recordatorio: videollamada dentro de una hora con ${b.userName}`, opening: `Dentro de una hora tienes una videollamada con ${who}.` }
        : { subject: 'Recordatorio: tu videollamada con RankMaps es dentro de una hora', opening: 'Dentro de una hora tienes tu videollamada con el equipo de soporte de RankMaps.' };
  }
}

/**
 * The e-mail for one side. `forTeam` picks the support address and the team's zone; the user's
 * copy uses the zone captured from their browser. The .ics text is returned with it, for the
 * outbox's attachment store (the reminder goes without one: the invitation is already in the calendar).
 */
export function buildVideoEmail(event: VideoMailEvent, b: VideoMailBooking, ctx: VideoMailContext, forTeam: boolean): { email: Omit<NewEmail, 'attachments'>; ics: string } {
  const zone = forTeam ? ctx.teamTimeZone : b.userTimeZone;
  const when = formatInZone(b.startsAt, zone);
  const { subject, opening } = wordingFor(event, b, forTeam, when);
  const details: [string, string][] = [
    [event === 'cancelled' ? 'Era' : 'Cuándo', `${when}, 30 minutos`],
    ...(event === 'moved' && b.previousStart ? [['Antes', formatInZone(b.previousStart, zone)] as [string, string]] : []),
    ...(forTeam ? [['Cliente', `${b.userName} (${b.userEmail})`] as [string, string]] : []),
    ...(b.topic ? [['Tema', b.topic] as [string, string]] : []),
  ];
  const link = event === 'cancelled' ? null : b.meetingUrl;
  const manage = forTeam ? `${ctx.appUrl}/operator` : `${ctx.appUrl}/support#videollamada`;
  const after =
    event === 'cancelled'
      ? forTeam
        ? 'El hueco vuelve a estar libre.'
        : 'Si aún necesitas hablar con nosotros, puedes reservar otra hora en Soporte:'
      : forTeam
        ? 'Puedes cambiarla o cancelarla desde la bandeja del operador:'
        : 'Puedes cambiar la hora o cancelarla desde Soporte:';
  const text = [
    forTeam ? 'Hola:' : `Hola, ${b.userName}:`,
    '',
    opening,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    ...(link ? ['', `Enlace de la reunión: ${link}`] : []),
    '',
    ...(event === 'reminder' ? [] : ['Adjuntamos la invitación (.ics) para tu calendario.', '']),
    `${after}${forTeam && event === 'cancelled' ? '' : ` ${manage}`}`,
    '',
    'El equipo de RankMaps',
  ].join('\n');
  const rows = `<table style="border-collapse:collapse">${details.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#475569">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;
  const html = page(
    subject,
    `<p>${escapeHtml(forTeam ? 'Hola:' : `Hola, ${b.userName}:`)}</p>
<p>${escapeHtml(opening)}</p>
${rows}
${link ? `<p style="margin-top:20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:8px 16px;border-radius:8px;text-decoration:none">Entrar en la videollamada</a></p><p style="color:#475569">${escapeHtml(link)}</p>` : ''}
${event === 'reminder' ? '' : '<p>Adjuntamos la invitación (.ics) para tu calendario.</p>'}
<p>${escapeHtml(after)}${forTeam && event === 'cancelled' ? '' : ` <a href="${escapeHtml(manage)}">${escapeHtml(manage)}</a>`}</p>
<p style="color:#475569">El equipo de RankMaps</p>`,
  );
  return { email: { to: forTeam ? ctx.supportEmail : b.userEmail, subject, text, html, kind: VIDEO_MAIL_KINDS[event] }, ics: bookingIcs(b, ctx, event) };
}
