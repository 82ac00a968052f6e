import type { NotificationKind } from '@rankmaps/shared/schemas/notifications';
import { NOTIFICATION_KIND_LABELS } from '@rankmaps/shared/schemas/notifications';
import { type RenderedEmail, render } from '../auth/email-templates';

// The alert e-mails (docs/decisions.md §23.2): one per event, or one daily digest. Same layout
// as every other e-mail of the app; each carries its one-click unsubscribe link.

export interface MailableNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  data: Record<string, unknown>;
}

/** "Puntos que mejoran: 5 · empeoran: 2 · sin cambios: 40", when the alert compared two analyses. */
export function movementSummary(data: Record<string, unknown>): string | null {
  const m = data.movement as { improved?: number; worsened?: number; same?: number; newlyFound?: number; lost?: number } | undefined;
  if (!m) return null;
  const better = (m.improved ?? 0) + (m.newlyFound ?? 0);
  const worse = (m.worsened ?? 0) + (m.lost ?? 0);
  return `Resumen de movimientos: ${better} puntos mejoran, ${worse} empeoran y ${m.same ?? 0} siguen igual.`;
}

/** A notification may name its own button (the credit warnings: «Comprar créditos»). */
const buttonLabel = (n: MailableNotification) => (typeof n.data.button === 'string' ? n.data.button : n.data.comparedWith ? 'Ver la comparación' : 'Ver el análisis');

/** The headers of RFC 2369 and RFC 8058: a mail client's own "darse de baja" button posts to the URL. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function alertEmail(input: { name: string; notification: MailableNotification; appUrl: string; unsubscribeUrl: string }): RenderedEmail {
  const n = input.notification;
  const summary = movementSummary(n.data);
  return render(n.title, {
    title: n.title,
    greetingName: input.name,
    paragraphs: [n.body, ...(summary ? [summary] : [])],
    button: { label: buttonLabel(n), url: `${input.appUrl}${n.link}` },
    footnote: `Recibes este correo porque tienes activado el aviso «${NOTIFICATION_KIND_LABELS[n.kind]}». Para dejar de recibirlo por correo: ${input.unsubscribeUrl} (también puedes cambiarlo en tu perfil, pestaña Notificaciones).`,
  });
}

export function digestEmail(input: { name: string; notifications: MailableNotification[]; appUrl: string; unsubscribeUrl: string }): RenderedEmail {
  const items = input.notifications.map((n) => {
    const summary = movementSummary(n.data);
    return `• ${n.title}. ${n.body}${summary ? ` ${summary}` : ''} ${input.appUrl}${n.link}`;
  });
  const count = input.notifications.length;
  return render(count === 1 ? 'Tu resumen diario de RankMaps: 1 aviso' : `Tu resumen diario de RankMaps: ${count} avisos`, {
    title: 'Tu resumen diario',
    greetingName: input.name,
    paragraphs: ['Esto es lo que ha pasado desde el último resumen:', ...items],
    button: { label: 'Abrir el panel', url: `${input.appUrl}/` },
    footnote: `Recibes este resumen porque elegiste un correo diario con tus avisos. Para no recibir más avisos por correo: ${input.unsubscribeUrl} (también puedes cambiarlo en tu perfil, pestaña Notificaciones).`,
  });
}
