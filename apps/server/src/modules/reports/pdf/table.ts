import { BOTTOM, COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// The report's one table style (history, keyword summary, metrics, competitors, ads): accent
// header, zebra rows, highlighted rows for our business, and the header repeated on every page
// the table reaches so a reader never sees columns without their names.

export interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
}

/** One column: its header beside how it writes each row, so the two cannot drift apart. */
export interface Column<T> {
  header: string;
  /** Relative width: the columns are scaled together to the content width. */
  width: number;
  align?: 'left' | 'right' | 'center';
  cell: (row: T, index: number) => Cell | string;
}

/** A table with a header row, zebra rows and the header repeated after a page break. */
export function drawTable<T>(
  writer: ReportWriter,
  columns: Column<T>[],
  items: T[],
  opts: { highlight?: (item: T) => boolean; size?: number } = {},
): void {
  const { doc, accent, onAccent } = writer;
  const rows: Cell[][] = items.map((item, i) =>
    columns.map((c) => {
      const cell = c.cell(item, i);
      return typeof cell === 'string' ? { text: cell } : cell;
    }),
  );
  const size = opts.size ?? 8.5;
  const pad = 4;
  const total = columns.reduce((s, c) => s + c.width, 0);
  const scale = CONTENT_WIDTH / total;
  const widths = columns.map((c) => c.width * scale);
  const rowHeight = (cells: Cell[], bold: boolean) => {
    doc.font(bold ? F.condBold : F.cond).fontSize(size);
    return Math.max(...cells.map((c, k) => doc.heightOfString(c.text || ' ', { width: widths[k]! - 2 * pad }))) + 2 * pad;
  };
  const drawRow = (cells: Cell[], y: number, h: number, header: boolean, fill: string | null) => {
    if (fill) doc.rect(MARGIN.left, y, CONTENT_WIDTH, h).fill(fill);
    let x = MARGIN.left;
    cells.forEach((c, k) => {
      doc
        .font(header || c.bold ? F.condBold : F.cond)
        .fontSize(size)
        .fillColor(header ? onAccent : (c.color ?? COLOR.ink))
        .text(c.text, x + pad, y + pad, { width: widths[k]! - 2 * pad, align: columns[k]!.align ?? 'left' });
      x += widths[k]!;
    });
  };
  const headerCells = columns.map((c) => ({ text: c.header }));
  const headerH = rowHeight(headerCells, true);
  const drawHeader = () => {
    const y = doc.y;
    drawRow(headerCells, y, headerH, true, accent);
    doc.y = y + headerH;
  };
  writer.ensureSpace(headerH + (rows[0] ? rowHeight(rows[0], false) : 0));
  drawHeader();
  rows.forEach((cells, i) => {
    const bold = opts.highlight?.(items[i]!) ?? false;
    const h = rowHeight(cells, bold);
    if (doc.y + h > BOTTOM) {
      writer.newPage();
      drawHeader();
    }
    const y = doc.y;
    const fill = bold ? `${accent}` : i % 2 === 1 ? COLOR.zebra : null;
    if (bold) {
      // The accent at 10 %: our row stands out in any brand colour and stays readable.
      doc.save().fillOpacity(0.1).rect(MARGIN.left, y, CONTENT_WIDTH, h).fill(fill!).restore();
      drawRow(
        cells.map((c) => ({ ...c, bold: true })),
        y,
        h,
        false,
        null,
      );
    } else {
      drawRow(cells, y, h, false, fill);
    }
    doc
      .moveTo(MARGIN.left, y + h)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y + h)
      .lineWidth(0.4)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.y = y + h;
  });
  doc.x = MARGIN.left;
  doc.moveDown(0.5);
}
