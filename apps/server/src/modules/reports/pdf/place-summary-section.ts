import type { Report } from '@rankmaps/shared/schemas/report';
import { formatDelta, formatNumber, formatPercent, formatShortDate, orDash } from './format';
import { COLOR } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// A place report opens with one row per keyword, so the reader sees every keyword's latest
// figures before each keyword's own pages.

/** A GeoRank change: green up, red down, grey when unchanged or unknown. */
function deltaColor(delta: number | null): string {
  return delta === null || delta === 0 ? COLOR.muted : delta > 0 ? COLOR.better : COLOR.worse;
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
      { header: 'Keyword', width: 150, cell: (s) => ({ text: s.keyword, bold: true }) },
      {
        header: 'Último análisis',
        width: 75,
        cell: (s) => (s.date ? { text: formatShortDate(s.date, tz), color: COLOR.ink } : { text: 'Sin análisis', color: COLOR.muted }),
      },
      { header: 'GeoRank', width: 58, align: 'right', cell: (s) => orDash(s.geoRank, formatNumber) },
      {
        header: 'Cambio',
        width: 62,
        align: 'right',
        cell: (s) => ({ text: formatDelta(s.geoRankDelta), color: deltaColor(s.geoRankDelta) }),
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
