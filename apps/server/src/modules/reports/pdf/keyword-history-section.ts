import type { Report } from '@rankmaps/shared/schemas/report';
import { DATA_LABELS, formatNumber, formatPercent, formatShortDate } from './format';
import { COLOR } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// A keyword report opens with one row per completed analysis, before its latest analysis.

/** «Historial de análisis»: date, GeoRank, average total position, Local Pack and data source. */
export function drawKeywordHistory(writer: ReportWriter, r: Extract<Report, { scope: 'keyword' }>): void {
  writer.h2('Historial de análisis');
  if (r.history.length === 0) {
    writer.paragraph('Esta keyword aún no tiene ningún análisis completado.', { color: COLOR.muted });
    return;
  }
  const tz = r.latest?.timeZone ?? 'Europe/Madrid';
  drawTable(
    writer,
    [
      { header: 'Fecha', width: 90, cell: (h) => formatShortDate(h.date, tz) },
      { header: 'GeoRank', width: 70, align: 'right', cell: (h) => formatNumber(h.geoRank) },
      { header: 'Posición media total', width: 95, align: 'right', cell: (h) => formatNumber(h.avgTotalPosition) },
      { header: '% Local Pack', width: 80, align: 'right', cell: (h) => formatPercent(h.localPackPercentage) },
      {
        header: 'Datos',
        width: 150,
        cell: (h) =>
          h.dataLabel
            ? { text: DATA_LABELS[h.dataLabel].title, color: COLOR.labelInk }
            : { text: 'Búsquedas reales en el mapa', color: COLOR.muted },
      },
    ],
    r.history,
  );
}
