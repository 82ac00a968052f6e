import type { AnalysisReport } from '@rankmaps/shared/schemas/report';
import { COLOR, CONTENT_WIDTH, F, MARGIN } from './layout';
import type { ReportWriter } from './report-writer';

// «Lo más destacado»: the analysis' insights in plain words, numbered, right after the facts,
// so a reader who stops there still gets the conclusions.

export function drawFindings(writer: ReportWriter, a: AnalysisReport): void {
  const { doc } = writer;
  writer.h2('Lo más destacado', 40);
  if (a.insights.length === 0)
    writer.paragraph('Todavía no hay datos suficientes para sacar conclusiones de este análisis.', { color: COLOR.muted });
  a.insights.forEach((ins, i) => {
    doc.font(F.regular).fontSize(9.5);
    const h = doc.heightOfString(ins.text, { width: CONTENT_WIDTH - 22 });
    writer.ensureSpace(h + 4);
    const y = doc.y;
    doc.circle(MARGIN.left + 7, y + 6, 7).fill(writer.accent);
    doc
      .font(F.bold)
      .fontSize(8)
      .fillColor(writer.onAccent)
      .text(String(i + 1), MARGIN.left, y + 2, { width: 14, align: 'center', lineBreak: false });
    doc
      .font(F.regular)
      .fontSize(9.5)
      .fillColor(COLOR.ink)
      .text(ins.text, MARGIN.left + 22, y, { width: CONTENT_WIDTH - 22, lineGap: 1 });
    doc.y = Math.max(doc.y, y + 14) + 4;
  });
}
