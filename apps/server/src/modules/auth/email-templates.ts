import { CONFIRM_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from '@rankmaps/shared/constants';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attributes (names are typed by users). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

export interface Layout {
  title: string;
  greetingName: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footnote: string;
}

// One plain, table-free layout with inline styles: what mail clients render most reliably.
function renderHtml(l: Layout): string {
  const paragraphs = l.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const url = escapeHtml(l.button.url);
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(l.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#2563eb">RankMaps</p>
<p style="margin:0 0 16px">Hola, ${escapeHtml(l.greetingName)}:</p>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHtml(l.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${url}" style="color:#2563eb;word-break:break-all">${url}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(l.footnote)}</p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#9ca3af;text-align:center">RankMaps · Seguimiento de posiciones en búsquedas locales</p>
</body>
</html>`;
}

function renderText(l: Layout): string {
  return [`Hola, ${l.greetingName}:`, ...l.paragraphs, `${l.button.label}: ${l.button.url}`, l.footnote, '— El equipo de RankMaps'].join('\n\n');
}

const hours = (n: number) => (n === 1 ? '1 hora' : `${n} horas`);

/** The one layout every e-mail of the app uses, in HTML and in plain text. */
export function render(subject: string, layout: Layout): RenderedEmail {
  return { subject, html: renderHtml(layout), text: renderText(layout) };
}

export function confirmationEmail(input: { name: string; link: string }): RenderedEmail {
  return render('Confirma tu email en RankMaps', {
    title: 'Confirma tu email',
    greetingName: input.name,
    paragraphs: [
      'Gracias por crear tu cuenta en RankMaps. Para empezar a seguir la posición de tus negocios en el mapa, confirma tu dirección de email.',
      `El enlace caduca en ${hours(CONFIRM_TOKEN_TTL_HOURS)} y solo puede usarse una vez.`,
    ],
    button: { label: 'Confirmar mi email', url: input.link },
    footnote: 'Si no has creado una cuenta en RankMaps, ignora este mensaje.',
  });
}

export function passwordResetEmail(input: { name: string; link: string }): RenderedEmail {
  return render('Restablece tu contraseña de RankMaps', {
    title: 'Restablece tu contraseña',
    greetingName: input.name,
    paragraphs: [
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de RankMaps.',
      `El enlace caduca en ${hours(RESET_TOKEN_TTL_HOURS)} y solo puede usarse una vez.`,
    ],
    button: { label: 'Elegir una contraseña nueva', url: input.link },
    footnote: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambiará.',
  });
}
