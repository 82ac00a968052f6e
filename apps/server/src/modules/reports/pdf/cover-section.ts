import { formatDateTime, languageName, regionName } from './format';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import { drawLogo } from './logo';
import type { ReportWriter } from './report-writer';

// The top of the first page: for whom the report is, what kind of report, the business and
// when it was made.

/** The cover block: `kind` names the report («Informe del negocio», …). */
export function drawCover(writer: ReportWriter, kind: string): void {
  const { doc, report: r, clientLogo } = writer;
  let y = MARGIN.top;
  if (r.client) {
    // «Informe para {client}» with the client's logo, under the agency's header (docs/decisions.md §25.1).
    let x = MARGIN.left;
    if (clientLogo) x += drawLogo(doc, clientLogo, x, y, [96, 32]) + 10;
    doc
      .font(F.bold)
      .fontSize(11)
      .fillColor(COLOR.ink)
      .text(`Informe para ${r.client.name}`, x, y + 10, { width: MARGIN.left + CONTENT_WIDTH - x, lineBreak: false, ellipsis: true });
    y += 42;
  }
  doc.font(F.regular).fontSize(9).fillColor(COLOR.muted).text(kind, MARGIN.left, y, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  writer.h1(r.place.name);
  doc.font(F.regular).fontSize(9.5).fillColor(COLOR.muted).text(r.place.address, { width: CONTENT_WIDTH });
  doc.moveDown(0.2);
  const tz =
    r.scope === 'analysis'
      ? r.analysis.timeZone
      : r.scope === 'keyword'
        ? (r.latest?.timeZone ?? 'Europe/Madrid')
        : (r.keywords[0]?.timeZone ?? 'Europe/Madrid');
  // An analysis' facts follow at once and name the market; the other reports name it here.
  const market =
    r.scope === 'analysis' ? '' : `Mercado: ${regionName(r.place.market.countryCode)} · ${languageName(r.place.market.languageCode)} · `;
  doc.text(`${market}Informe generado el ${formatDateTime(r.generatedAt, tz)}`, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
}
