import type { NewEmail } from '../mail/mail.repository';

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/** Collapses line breaks and runs of spaces, so user text stays on the subject line. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface ContactEmailInput {
  name: string;
  email: string;
  message: string;
  supportEmail: string;
}

/** The notification the support inbox receives for each contact message. */
export function buildContactEmail({ name, email, message, supportEmail }: ContactEmailInput): NewEmail {
  const subject = `Nuevo mensaje de contacto de ${oneLine(name)}`;
  const text = [
    'Se ha recibido un mensaje desde el formulario de contacto de RankMaps.',
    '',
    `Nombre: ${name}`,
    `Email: ${email}`,
    '',
    'Mensaje:',
    message,
    '',
    `Para responder, escribe a ${email} (responder a este correo no llega al remitente).`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="es"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
<h1 style="font-size:18px">Nuevo mensaje de contacto</h1>
<p>Se ha recibido un mensaje desde el formulario de contacto de RankMaps.</p>
<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0;color:#475569">Nombre</td><td>${escapeHtml(name)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#475569">Email</td><td><a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></td></tr>
</table>
<h2 style="font-size:15px;margin-top:20px">Mensaje</h2>
<div style="white-space:pre-wrap;border-left:3px solid #bfdbfe;padding-left:12px">${escapeHtml(message)}</div>
<p style="margin-top:20px;color:#475569">Para responder, escribe a <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a> (responder a este correo no llega al remitente).</p>
</body></html>`;
  return { to: supportEmail, subject, text, html, kind: 'contact' };
}
