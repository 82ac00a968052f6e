import type { Report } from '@rankmaps/shared/schemas/report';
import { formatNumber, orDash } from './format';
import { COLOR } from './layout';
import type { ReportWriter } from './report-writer';
import { drawTable } from './table';

// A place report's «Ritmo de reseñas» (docs/metrics.md §13): the business and its followed
// competitors, their pace and the gap to the leader, with its finding above the table.

const whole = (n: number) => formatNumber(n, 0);
const oneDecimal = (n: number) => formatNumber(n, 1);

export function drawReviewPace(writer: ReportWriter, r: Extract<Report, { scope: 'place' }>): void {
  const pace = r.reviewPace;
  if (!pace) return;
  writer.h2('Ritmo de reseñas');
  if (pace.finding) writer.paragraph(pace.finding.text);
  drawTable(
    writer,
    [
      { header: 'Negocio', width: 150, cell: (row) => ({ text: row.isOurs ? `${row.name} (tú)` : row.name, bold: row.isOurs }) },
      { header: 'Valoración', width: 58, align: 'right', cell: (row) => orDash(row.rating, oneDecimal) },
      { header: 'Reseñas', width: 55, align: 'right', cell: (row) => orDash(row.reviews, whole) },
      { header: 'Reseñas al mes', width: 65, align: 'right', cell: (row) => (row.reviewsPerMonth === null ? { text: 'Sin datos', color: COLOR.muted } : { text: oneDecimal(row.reviewsPerMonth), color: COLOR.ink }) },
      { header: 'Distancia al líder', width: 65, align: 'right', cell: (row) => orDash(row.gapToLeader, whole) },
      { header: 'Lo alcanzas', width: 107, cell: (row) => ({ text: row.catchUp, color: COLOR.ink }) },
    ],
    pace.rows,
  );
  writer.paragraph(
    `Reseñas al mes: la tendencia de los últimos 90 días, con la valoración y las reseñas que vieron los análisis.${pace.demo ? ' Datos de demostración.' : ''}`,
    { size: 8, color: COLOR.muted },
  );
}
