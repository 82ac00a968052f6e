import type { Report } from '@rankmaps/shared/schemas/report';
import { changeText, formatNumber, formatPercent, formatShortDate, orDash } from './format';
import { COLOR, verdictColor } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// A place report opens with one row per keyword, so the reader sees every keyword's latest
// figures before each keyword's own pages.

/** A GeoRank change in words, «▲ mejora» in green or «▼ empeora» in red (docs/decisions.md §29.3). */
function geoRankChange(delta: number | null) {
  const change = changeText(delta, 'higher');
  return { text: change.text, color: verdictColor(change.verdict) };
}

/** «Resumen de las keywords»: the latest figures of each keyword and its GeoRank change. */
export function drawPlaceSummary(writer: ReportWriter, r: Extract<Report, { scope: 'place' }>): void {
  writer.h2('Resumen de las keywords');
  if (r.summary.length === 0) {
    writer.paragraph('Este negocio aún no tiene keywords con un análisis completado.', { color: COLOR.muted });
    return;
  }
  const tz = r.keywords[0]?.timeZone ?? 'Europe/Madrid';
  drawTable(
    writer,
    [
      { header: 'Keyword', width: 138, cell: (s) => ({ text: s.keyword, bold: true }) },
      {
        header: 'Último análisis',
        width: 75,
        cell: (s) => (s.date ? { text: formatShortDate(s.date, tz), color: COLOR.ink } : { text: 'Sin análisis', color: COLOR.muted }),
      },
      { header: 'GeoRank', width: 58, align: 'right', cell: (s) => orDash(s.geoRank, formatNumber) },
      {
        header: 'Cambio',
        width: 74,
        align: 'right',
        cell: (s) => geoRankChange(s.geoRankDelta),
      },
      { header: 'Posición media total', width: 75, align: 'right', cell: (s) => orDash(s.avgTotalPosition, formatNumber) },
      { header: '% Local Pack', width: 65, align: 'right', cell: (s) => orDash(s.localPackPercentage, formatPercent) },
      { header: '% encontrado', width: 65, align: 'right', cell: (s) => orDash(s.foundPercentage, formatPercent) },
    ],
    r.summary,
  );
  writer.paragraph(
    'El cambio compara el GeoRank con el análisis anterior de cada keyword (▲ mejora, ▼ empeora). Cada keyword tiene su propia página a continuación.',
    {
      size: 8,
      color: COLOR.muted,
    },
  );
}
