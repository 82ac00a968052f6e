import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { drawAds, drawCompetitors } from './competitors-section';
import { drawDataLabelNote } from './data-label-note';
import { drawFindings } from './findings-section';
import { DATA_LABELS, formatDateTime, formatDistance, formatNumber, languageName, regionName } from './format';
import { drawGlossary } from './glossary-section';
import { drawHeatMap } from './heat-map-section';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import { drawMetrics } from './metrics-section';
import { drawMovement } from './movement-section';
import type { ReportWriter } from './report-writer';
import { drawTrend } from './trend-section';

// One analysis, its sections in docs/reports.md's order. Every report scope draws its analyses
// through here: the analysis report once, the keyword report its latest, the place report one
// per keyword.

/** `heading`: null under the cover; «Último análisis» or «Keyword «…»» on a page of its own. */
export function drawAnalysis(writer: ReportWriter, a: AnalysisReport, opts: { heading: string | null }): void {
  const { doc, report } = writer;
  if (opts.heading) {
    doc
      .font(F.regular)
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(opts.heading.startsWith('Keyword') ? report.place.name : opts.heading, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    writer.h1(opts.heading.startsWith('Keyword') ? opts.heading : `Keyword «${a.keyword}»`);
  }
  // 1. The business, keyword, date, grid and market.
  writer.facts([
    ['Negocio', report.place.name],
    ['Keyword', a.query ? `${a.keyword} (búsqueda: «${a.query}»)` : a.keyword],
    ['Fecha', formatDateTime(a.date, a.timeZone)],
    [
      'Cuadrícula',
      `${a.grid.gridSize} × ${a.grid.gridSize} (${formatNumber(a.grid.totalPoints, 0)} puntos), radio de ${formatDistance(a.grid.radius)}`,
    ],
    ['Mercado', `${regionName(report.place.market.countryCode)} · ${languageName(report.place.market.languageCode)}`],
    ...(a.dataLabel ? ([['Datos', DATA_LABELS[a.dataLabel].title]] as [string, string][]) : []),
  ]);
  // 2. The findings.
  drawFindings(writer, a);
  // 3. The metrics and their deltas.
  drawMetrics(writer, a);
  // 4. The heat map.
  drawHeatMap(writer, a);
  // 5. The movement summary.
  drawMovement(writer, a);
  // 6. The trend.
  drawTrend(writer, a);
  // 7. The top competitors.
  drawCompetitors(writer, a);
  // 8. The ad detector.
  drawAds(writer, a);
  // 9. What the metrics mean.
  drawGlossary(writer);
  // 10. The data label.
  drawDataLabelNote(writer, a.dataLabel);
}
