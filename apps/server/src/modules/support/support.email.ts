import { CONTACT_REPLY_HOURS } from '@rankmaps/shared/constants';
import type { SupportCategory, SupportPriority } from '@rankmaps/shared/schemas/support';
import { escapeHtml } from '../auth/email-templates';
import type { NewEmail } from '../mail/mail.repository';

// E-mails are always Spanish (the product's language); the web shows the same labels from its locale.
const categoryLabels: Record<SupportCategory, string> = {
  tecnico: 'Problema técnico',
  facturacion: 'Facturación y pagos',
  cuenta: 'Cuenta y acceso',
  sugerencia: 'Sugerencia',
  otro: 'Otro',
};
const priorityLabels: Record<SupportPriority, string> = { baja: 'Baja', media: 'Media', alta: 'Alta', urgente: 'Urgente' };

/** Collapses line breaks and runs of spaces, so user text stays on the subject line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface SupportTicketMail {
  reference: string;
  category: SupportCategory;
  priority: SupportPriority;
  subject: string;
  message: string;
  userName: string;
  userEmail: string;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
${body}
</body></html>`;

const rows = (pairs: [string, string][]) =>
  `<table style="border-collapse:collapse">${pairs.map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#475569">${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`;

const messageBlock = (message: string) => `<div style="white-space:pre-wrap;border-left:3px solid #bfdbfe;padding-left:12px">${escapeHtml(message)}</div>`;

/** The notification the support inbox receives: everything needed to answer without looking anything up. */
export function buildSupportInboxEmail(t: SupportTicketMail & { userId: string; planName: string; supportEmail: string }): NewEmail {
  const details: [string, string][] = [
    ['Referencia', t.reference],
    ['Usuario', t.userName],
    ['Email', t.userEmail],
    ['ID de usuario', t.userId],
    ['Plan', t.planName],
    ['Categoría', categoryLabels[t.category]],
    ['Prioridad', priorityLabels[t.priority]],
    ['Asunto', t.subject],
  ];
  const subject = `[${t.reference}] [${priorityLabels[t.priority]}] ${oneLine(t.subject)}`;
  // A reply link with the user's address and the reference already in the subject, so the answer threads with the ticket.
  const replyLink = `mailto:${encodeURIComponent(t.userEmail).replace('%40', '@')}?subject=${encodeURIComponent(`Re: [${t.reference}] ${oneLine(t.subject)}`)}`;
  const reply = `Para responder, escribe a ${t.userEmail} indicando la referencia ${t.reference}: ${replyLink}`;
  const text = ['Nuevo ticket de soporte desde RankMaps.', '', ...details.map(([k, v]) => `${k}: ${v}`), '', 'Mensaje:', t.message, '', reply].join('\n');
  const html = page(
    subject,
    `<h1 style="font-size:18px">Nuevo ticket de soporte ${escapeHtml(t.reference)}</h1>
${rows(details)}
<h2 style="font-size:15px;margin-top:20px">Mensaje</h2>
${messageBlock(t.message)}
<p style="margin-top:20px"><a href="${escapeHtml(replyLink)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:8px 16px;border-radius:8px;text-decoration:none">Responder a ${escapeHtml(t.userName)}</a></p>
<p style="color:#475569">O escribe a <a href="mailto:${escapeHtml(t.userEmail)}">${escapeHtml(t.userEmail)}</a> indicando la referencia ${escapeHtml(t.reference)}.</p>`,
  );
  return { to: t.supportEmail, subject, text, html, kind: 'support-ticket' };
}

/** The user's receipt: the reference to quote, what they sent, and when to expect an answer. */
export function buildSupportConfirmationEmail(t: SupportTicketMail): NewEmail {
  const subject = `Hemos recibido tu ticket ${t.reference}`;
  const when = `Te responderemos por email en un plazo de ${CONTACT_REPLY_HOURS} horas, de lunes a viernes de 9:00 a 18:00 (hora de España).`;
  const details: [string, string][] = [
    ['Referencia', t.reference],
    ['Asunto', t.subject],
    ['Categoría', categoryLabels[t.category]],
    ['Prioridad', priorityLabels[t.priority]],
  ];
  const text = [
    `Hola, ${t.userName}:`,
    '',
    `Hemos recibido tu ticket de soporte. Su referencia es ${t.reference}; indícala si nos escribes sobre este tema.`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    '',
    'Tu mensaje:',
    t.message,
    '',
    when,
    '',
    'El equipo de RankMaps',
  ].join('\n');
  const html = page(
    subject,
    `<p>Hola, ${escapeHtml(t.userName)}:</p>
<p>Hemos recibido tu ticket de soporte. Su referencia es <strong>${escapeHtml(t.reference)}</strong>; indícala si nos escribes sobre este tema.</p>
${rows(details)}
<h2 style="font-size:15px;margin-top:20px">Tu mensaje</h2>
${messageBlock(t.message)}
<p style="margin-top:20px">${escapeHtml(when)}</p>
<p style="color:#475569">El equipo de RankMaps</p>`,
  );
  return { to: t.userEmail, subject, text, html, kind: 'support-confirmation' };
}

/** The customer's copy of an operator's answer: the answer itself, and where to read and reply in the app. */
export function buildSupportAnswerEmail(t: { reference: string; subject: string; userName: string; userEmail: string; body: string; appUrl: string; closed: boolean }): NewEmail {
  const subject = `Re: [${t.reference}] ${oneLine(t.subject)}`;
  const link = `${t.appUrl.replace(/\/$/, '')}/support`;
  const after = t.closed
    ? 'Hemos cerrado el ticket. Si necesitas algo más, responde desde Soporte y lo volveremos a abrir.'
    : 'Puedes leer la conversación y responder desde Soporte:';
  const text = [`Hola, ${t.userName}:`, '', `El equipo de soporte ha respondido a tu ticket ${t.reference} («${oneLine(t.subject)}»):`, '', t.body, '', after, link, '', 'El equipo de RankMaps'].join('\n');
  const html = page(
    subject,
    `<p>Hola, ${escapeHtml(t.userName)}:</p>
<p>El equipo de soporte ha respondido a tu ticket <strong>${escapeHtml(t.reference)}</strong> («${escapeHtml(oneLine(t.subject))}»):</p>
${messageBlock(t.body)}
<p style="margin-top:20px">${escapeHtml(after)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#475569">El equipo de RankMaps</p>`,
  );
  return { to: t.userEmail, subject, text, html, kind: 'support-answer' };
}
