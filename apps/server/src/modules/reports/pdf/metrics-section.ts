import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { METRIC_LABELS, formatMetric, formatShortDate, metricChangeText } from './format';
import { COLOR, verdictColor } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// «Métricas»: each figure now and at the previous analysis, the change coloured by whether it
// is better for the business (a lower position is better, a higher GeoRank too), and said so:
// «mejora» or «empeora», never up or down (docs/decisions.md §29.3).

export function drawMetrics(writer: ReportWriter, a: AnalysisReport): void {
  writer.h2('Métricas', 150);
  const prev = a.previousDate
    ? `Cambio frente al análisis del ${formatShortDate(a.previousDate, a.timeZone)}: ▲ mejora, ▼ empeora (en las posiciones, mejorar es bajar de número).`
    : 'Es el primer análisis de esta keyword: aún no hay cambios que mostrar.';
  writer.paragraph(prev, { size: 8, color: COLOR.muted });
  drawTable(
    writer,
    [
      { header: 'Métrica', width: 170, cell: (m) => ({ text: METRIC_LABELS[m.key], bold: true }) },
      { header: 'Ahora', width: 90, align: 'right', cell: (m) => formatMetric(m.key, m.current) },
      { header: 'Antes', width: 90, align: 'right', cell: (m) => ({ text: formatMetric(m.key, m.reference), color: COLOR.muted }) },
      {
        header: 'Cambio',
        width: 110,
        align: 'right',
        cell: (m) => {
          const change = metricChangeText(m.key, m.better, m.delta);
          return { text: change.text, color: verdictColor(change.verdict) };
        },
      },
    ],
    a.metrics,
    { size: 9 },
  );
}
