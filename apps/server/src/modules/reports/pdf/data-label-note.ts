import type { ReportDataLabel } from '@rankmaps/shared/schemas/report';
import { DATA_LABELS } from './format';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// Figures that are not real map searches (a simulation, an approximation) close their analysis
// with a boxed note saying so, besides the label in every page's header.

/** The data label's explanation in a tinted box; nothing for real searches (null). */
export function drawDataLabelNote(writer: ReportWriter, label: ReportDataLabel): void {
  if (!label) return;
  const { doc } = writer;
  const { title, text } = DATA_LABELS[label];
  doc.font(F.regular).fontSize(8.5);
  const h = doc.heightOfString(text, { width: CONTENT_WIDTH - 20 }) + 26;
  writer.ensureSpace(h + 10);
  doc.moveDown(0.5);
  const y = doc.y;
  doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, h, 5).fill(COLOR.labelBg);
  doc
    .font(F.bold)
    .fontSize(9.5)
    .fillColor(COLOR.labelInk)
    .text(title, MARGIN.left + 10, y + 7, { width: CONTENT_WIDTH - 20 });
  doc
    .font(F.regular)
    .fontSize(8.5)
    .text(text, MARGIN.left + 10, doc.y + 1, { width: CONTENT_WIDTH - 20 });
  doc.y = y + h + 4;
}
