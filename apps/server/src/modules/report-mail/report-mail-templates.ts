import { formatFigure, formatSignedFigure } from '@rankmaps/shared/figures';
import type { Report, ReportAi, ReportBrand } from '@rankmaps/shared/schemas/report';
import { aiShareText } from '../reports/pdf/ai-visibility-section';
import { type RenderedEmail, escapeHtml } from '../auth/email-templates';

// The report recipients' e-mails (docs/reports.md, "Scheduled report e-mails"): the confirmation
// and the report itself. The same plain layout as the app's other e-mails, but signed with the
// report's brand: the agency's name, accent and contact under white-label, RankMaps' otherwise.

interface BrandedLayout {
  brand: ReportBrand;
  /** «Informe para {name}» under the brand, with the client's logo (an absolute URL) when it has one (docs/decisions.md §25.1). */
  client?: { name: string; logoUrl: string | null };
  title: string;
  greetingName: string | null;
  paragraphs: string[];
  /** Lines shown as a list (the report's summary). */
  list?: string[];
  button: { label: string; url: string };
  footnote: string;
}

const SAFE_ACCENT = /^#[0-9a-fA-F]{6}$/;

function renderHtml(l: BrandedLayout): string {
  const accent = SAFE_ACCENT.test(l.brand.accent) ? l.brand.accent : '#2563eb';
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const list = l.list?.length ? `<ul style="margin:0 0 16px;padding-left:20px">${l.list.map((i) => `<li style="margin:0 0 4px">${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  const url = escapeHtml(l.button.url);
  const contact = l.brand.whiteLabel && l.brand.contact ? `<p style="margin:0 0 8px;font-size:13px;color:#6b7280">${escapeHtml(l.brand.contact)}</p>` : '';
  const footer = l.brand.whiteLabel && l.brand.footer ? `<p style="margin:0 0 8px;font-size:12px;color:#9ca3af">${escapeHtml(l.brand.footer)}</p>` : '';
  const clientLogo = l.client?.logoUrl
    ? `<img src="${escapeHtml(l.client.logoUrl)}" alt="${escapeHtml(`Logo de ${l.client.name}`)}" height="40" style="height:40px;max-width:160px;vertical-align:middle;margin:0 12px 0 0;border:0">`
    : '';
  const client = l.client ? `<p style="margin:-8px 0 24px;font-size:15px;font-weight:bold;color:#1f2937">${clientLogo}<span style="vertical-align:middle">${escapeHtml(`Informe para ${l.client.name}`)}</span></p>\n` : '';
  const signature = l.brand.whiteLabel
    ? l.brand.poweredBy
      ? 'Hecho con RankMaps'
      : ''
    : 'RankMaps · Seguimiento de posiciones en búsquedas locales';
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(l.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border-top:4px solid ${accent}">
<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${accent}">${escapeHtml(l.brand.name)}</p>
${client}<p style="margin:0 0 16px">${escapeHtml(l.greetingName ? `Hola, ${l.greetingName}:` : 'Hola:')}</p>
${l.paragraphs.map(p).join('\n')}
${list}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:${accent};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHtml(l.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${url}" style="color:${accent};word-break:break-all">${url}</a></p>
${contact}${footer}<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(l.footnote)}</p>
</div>
${signature ? `<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#9ca3af;text-align:center">${escapeHtml(signature)}</p>` : ''}
</body>
</html>`;
}

function renderText(l: BrandedLayout): string {
  const contact = l.brand.whiteLabel ? [l.brand.contact, l.brand.footer].filter((x): x is string => Boolean(x)) : [];
  const signature = l.brand.whiteLabel ? (l.brand.poweredBy ? [`— ${l.brand.name} · Hecho con RankMaps`] : [`— ${l.brand.name}`]) : ['— El equipo de RankMaps'];
  return [
    ...(l.client ? [`Informe para ${l.client.name}`] : []),
    l.greetingName ? `Hola, ${l.greetingName}:` : 'Hola:',
    ...l.paragraphs,
    ...(l.list?.length ? [l.list.map((i) => `• ${i}`).join('\n')] : []),
    `${l.button.label}: ${l.button.url}`,
    ...contact,
    l.footnote,
    ...signature,
  ].join('\n\n');
}

const render = (subject: string, layout: BrandedLayout): RenderedEmail => ({ subject, html: renderHtml(layout), text: renderText(layout) });

/** «Ana Pérez (Agencia Norte)» under white-label, else the owner's name. */
export function sharerName(ownerName: string, brand: ReportBrand): string {
  return brand.whiteLabel && brand.name && brand.name !== ownerName ? `${ownerName} (${brand.name})` : ownerName;
}

export function recipientConfirmationEmail(input: { business: string; sharer: string; recipientName: string | null; brand: ReportBrand; link: string }): RenderedEmail {
  return render(`${input.sharer} quiere enviarte los informes de ${input.business}`, {
    brand: input.brand,
    title: 'Confirma que quieres recibir los informes',
    greetingName: input.recipientName,
    paragraphs: [
      `${input.sharer} quiere enviarte por correo los informes de posicionamiento en Google Maps de ${input.business}: cada informe llega con su PDF y un enlace para verlo en el navegador.`,
      'Para recibirlos, confirma tu dirección. Hasta que no la confirmes no te enviaremos ningún informe.',
    ],
    button: { label: 'Confirmar', url: input.link },
    footnote: 'Si no esperabas este correo, ignóralo: no recibirás nada más.',
  });
}

/**
 * «clínica dental: GeoRank 54,3 (+3,1 desde el análisis anterior)», one line per keyword of the
 * place report, rounded as the app shows them (docs/decisions.md §29.3).
 */
export function summaryLines(report: Report): string[] {
  if (report.scope !== 'place') return [];
  return report.summary.map((row) => {
    if (row.geoRank === null) return `${row.keyword}: sin análisis completado todavía`;
    const geo = `GeoRank ${formatFigure(row.geoRank)}`;
    if (row.geoRankDelta === null) return `${row.keyword}: ${geo}`;
    const signed = formatSignedFigure(row.geoRankDelta);
    const delta = signed === '0' ? 'sin cambios' : signed;
    return `${row.keyword}: ${geo} (${delta} desde el análisis anterior)`;
  });
}

/**
 * The report's «Visibilidad en IA» in a few lines (docs/decisions.md §31.13): per keyword with an
 * AI analysis, its share of voice and «Mencionado en» with their intervals, labelled demo when
 * demo, then its findings (docs/metrics.md §12), as the share page and the PDF show them.
 */
export function aiLines(report: Report): string[] {
  const sections: Array<{ keyword: string; ai: ReportAi }> =
    report.scope === 'place' ? (report.ai ?? []) : report.ai ? [{ keyword: report.scope === 'keyword' ? report.keyword : report.analysis.keyword, ai: report.ai }] : [];
  return sections.flatMap(({ keyword, ai }) => [
    `Visibilidad en IA de «${keyword}»${ai.demo ? ' (datos de demostración)' : ''}: cuota de voz ${aiShareText(ai.overall.shareOfVoice)}, mencionado en ${aiShareText(ai.overall.mentionedIn)} de los puntos.`,
    ...(ai.findings ?? []).map((f) => f.text),
  ]);
}

export const REPORT_ROUND_NAMES = { weekly: 'semanal', monthly: 'mensual', dev: 'semanal' } as const;

export function reportEmail(input: {
  report: Report;
  round: keyof typeof REPORT_ROUND_NAMES;
  sharer: string;
  recipientName: string | null;
  shareUrl: string;
  unsubscribeUrl: string;
  pdfName: string;
  /** The app's origin: the client's logo is an <img> that mail clients fetch from there. */
  appUrl: string;
}): RenderedEmail {
  const business = input.report.place.name;
  const lines = summaryLines(input.report);
  const client = input.report.client;
  return render(`Informe ${REPORT_ROUND_NAMES[input.round]} de ${business} en Google Maps`, {
    brand: input.report.brand,
    ...(client ? { client: { name: client.name, logoUrl: client.logoUrl ? `${input.appUrl}${client.logoUrl}` : null } } : {}),
    title: `Informe de ${business}`,
    greetingName: input.recipientName,
    paragraphs: [
      `Aquí tienes el informe ${REPORT_ROUND_NAMES[input.round]} de posicionamiento en Google Maps de ${business}. Va adjunto en PDF (${input.pdfName}) y también puedes verlo en el navegador.`,
      // The review pace's finding (docs/metrics.md §13), when both paces are known.
      ...(input.report.scope === 'place' && input.report.reviewPace?.finding ? [`Ritmo de reseñas: ${input.report.reviewPace.finding.text}`] : []),
      ...aiLines(input.report),
      ...(lines.length ? ['Resumen por keyword:'] : []),
    ],
    list: lines,
    button: { label: 'Ver el informe', url: input.shareUrl },
    footnote: `Recibes este correo porque ${input.sharer} te añadió a los destinatarios de los informes de ${business} y lo confirmaste. Para no recibir más informes: ${input.unsubscribeUrl}`,
  });
}
