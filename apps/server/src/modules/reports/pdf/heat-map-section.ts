import {
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_RANGES,
  POSITION_BAND_TEXT_COLORS,
  formatPosition,
  positionBand,
} from '@rankmaps/shared/metrics/bands';
import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { COLOR, CONTENT_WIDTH, type Doc, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// «Mapa de posiciones»: the grid drawn as coloured squares (no map tiles, so the PDF needs no
// network and no browser), with the position written in each cell when the cell is big enough
// to read it, and a legend of the bands below.

/** An excluded point: white, hatched in grey. */
function hatch(doc: Doc, x: number, y: number, s: number): void {
  doc.save();
  doc.rect(x, y, s, s).fillAndStroke('#ffffff', COLOR.rule);
  doc.rect(x, y, s, s).clip();
  doc.lineWidth(0.5).strokeColor(COLOR.faint);
  for (let d = -s; d < s; d += 3) doc.moveTo(x + d, y + s).lineTo(x + d + s, y);
  doc.stroke();
  doc.restore();
}

export function drawHeatMap(writer: ReportWriter, a: AnalysisReport): void {
  const { doc } = writer;
  const size = Math.max(1, a.grid.gridSize);
  const side = Math.min(CONTENT_WIDTH, 360);
  const cell = side / size;
  const legendH = 40;
  writer.h2('Mapa de posiciones', side + legendH + 20);
  writer.paragraph(
    `Cada casilla es un punto de la cuadrícula (el norte arriba) con la posición de tu negocio allí. «+20»: no apareces entre los 20 primeros.`,
    { size: 8, color: COLOR.muted },
  );
  const x0 = MARGIN.left + (CONTENT_WIDTH - side) / 2;
  const y0 = doc.y + 2;
  const showText = cell >= 11;
  const fontSize = Math.min(10, cell * 0.42);
  const half = Math.floor(size / 2);
  doc.rect(x0, y0, side, side).fill('#ffffff');
  doc.font(F.condBold).fontSize(fontSize);
  for (const c of a.cells) {
    if (c.row < 0 || c.col < 0 || c.row >= size || c.col >= size) continue;
    const x = x0 + c.col * cell;
    const y = y0 + c.row * cell;
    if (c.status === 'excluded') {
      hatch(doc, x, y, cell);
      continue;
    }
    const fill = c.status === 'failed' ? COLOR.failedFill : POSITION_BAND_COLORS[positionBand(c.position)];
    doc.rect(x, y, cell, cell).fill(fill);
    if (showText) {
      const label = c.status === 'failed' ? '×' : formatPosition(c.position);
      doc
        .fillColor(c.status === 'failed' ? COLOR.muted : POSITION_BAND_TEXT_COLORS[positionBand(c.position)])
        .text(label, x, y + (cell - fontSize) / 2 + 0.5, { width: cell, align: 'center', lineBreak: false });
    }
  }
  // The cells' white seams, the frame in the brand's accent and the centre marked.
  doc.lineWidth(Math.min(1, cell * 0.06)).strokeColor('#ffffff');
  for (let k = 1; k < size; k++) {
    doc.moveTo(x0 + k * cell, y0).lineTo(x0 + k * cell, y0 + side);
    doc.moveTo(x0, y0 + k * cell).lineTo(x0 + side, y0 + k * cell);
  }
  doc.stroke();
  doc.rect(x0, y0, side, side).lineWidth(1.5).strokeColor(writer.accent).stroke();
  if (size % 2 === 1) {
    const cx = x0 + half * cell;
    const cy = y0 + half * cell;
    doc
      .rect(cx - 1, cy - 1, cell + 2, cell + 2)
      .lineWidth(2)
      .strokeColor(COLOR.ink)
      .stroke();
  }
  doc.y = y0 + side + 8;
  drawLegend(doc);
  doc.x = MARGIN.left;
}

/** The legend under the map: the bands, failed, excluded and the centre, centred in rows. */
function drawLegend(doc: Doc): void {
  const items: { draw: (x: number, y: number, s: number) => void; text: string }[] = POSITION_BANDS.map((band) => {
    const range = POSITION_BAND_RANGES[band];
    return {
      draw: (x, y, s) => void doc.rect(x, y, s, s).fill(POSITION_BAND_COLORS[band]),
      text: range ? `${range[0]}–${range[1]}` : '+20 (no aparece)',
    };
  });
  items.push({ draw: (x, y, s) => void doc.rect(x, y, s, s).fill(COLOR.failedFill), text: 'Fallido' });
  items.push({ draw: (x, y, s) => hatch(doc, x, y, s), text: 'Excluido' });
  items.push({
    draw: (x, y, s) =>
      void doc
        .rect(x + 1, y + 1, s - 2, s - 2)
        .lineWidth(2)
        .strokeColor(COLOR.ink)
        .stroke(),
    text: 'Centro',
  });
  doc.font(F.regular).fontSize(7.5);
  const widths = items.map((it) => 14 + doc.widthOfString(it.text) + 12);
  const rows: number[][] = [[]];
  let used = 0;
  widths.forEach((w, i) => {
    if (used + w > CONTENT_WIDTH && rows[rows.length - 1]!.length > 0) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]!.push(i);
    used += w;
  });
  for (const row of rows) {
    const rowWidth = row.reduce((s, i) => s + widths[i]!, 0);
    let x = MARGIN.left + (CONTENT_WIDTH - rowWidth) / 2;
    const y = doc.y;
    for (const i of row) {
      items[i]!.draw(x, y, 10);
      doc
        .font(F.regular)
        .fontSize(7.5)
        .fillColor(COLOR.ink)
        .text(items[i]!.text, x + 14, y + 1, { lineBreak: false });
      x += widths[i]!;
    }
    doc.y = y + 15;
  }
}
