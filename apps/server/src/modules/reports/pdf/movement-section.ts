import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { formatNumber } from './format';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// «Movimiento desde el análisis anterior»: how many grid points got better or worse, as six
// boxes in a row under the heat map they describe.

export function drawMovement(writer: ReportWriter, a: AnalysisReport): void {
  writer.h2('Movimiento desde el análisis anterior', 60);
  const m = a.movement;
  if (!m) {
    writer.paragraph('Es el primer análisis de esta keyword: no hay otro con el que comparar los puntos.', { color: COLOR.muted });
    return;
  }
  const { doc } = writer;
  const items: [string, number, string][] = [
    ['Mejoran', m.improved, COLOR.better],
    ['Empeoran', m.worsened, COLOR.worse],
    ['Sin cambios', m.same, COLOR.muted],
    ['Ahora apareces', m.newlyFound, COLOR.better],
    ['Ya no apareces', m.lost, COLOR.worse],
    ['No comparables', m.notComparable, COLOR.faint],
  ];
  const gap = 6;
  const w = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
  const y = doc.y;
  items.forEach(([label, n, color], i) => {
    const x = MARGIN.left + i * (w + gap);
    doc.roundedRect(x, y, w, 44, 4).lineWidth(0.75).strokeColor(COLOR.rule).stroke();
    doc
      .font(F.bold)
      .fontSize(15)
      .fillColor(color)
      .text(formatNumber(n, 0), x, y + 6, { width: w, align: 'center', lineBreak: false });
    doc
      .font(F.regular)
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(label, x, y + 28, { width: w, align: 'center', lineBreak: false });
  });
  doc.y = y + 50;
  doc.x = MARGIN.left;
  writer.paragraph(
    'Puntos de la cuadrícula en los que tu posición mejora, empeora o se mantiene; «no comparables» son los que fallaron o estaban excluidos en uno de los dos análisis.',
    {
      size: 8,
      color: COLOR.muted,
    },
  );
}
