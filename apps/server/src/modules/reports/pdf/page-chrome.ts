import { DATA_LABELS } from './format';
import { COLOR, CONTENT_WIDTH, F, MARGIN, PAGE } from './layout';
import { drawLogo } from './logo';
import type { ReportWriter } from './report-writer';

// The brand's header and footer on every page. They are drawn last, once all pages exist,
// because the footer says «Página n de N» and the header shows the data labels each page ended
// up holding — neither is known while the sections are still flowing.

/** The brand's header and footer and the page numbers, on every page once all are drawn. */
export function drawPageChrome(writer: ReportWriter): void {
  const { doc, logo, accent, headingColor } = writer;
  const range = doc.bufferedPageRange();
  const brand = writer.report.brand;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawing in the margins: no automatic page break there.
    const margins = { ...doc.page.margins };
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };

    // Header: logo and name on the left, the data label on the right, an accent rule.
    let x = MARGIN.left;
    const top = 26;
    if (logo) x += drawLogo(doc, logo, x, top - 2, [72, 26]) + 8;
    doc
      .font(F.bold)
      .fontSize(12)
      .fillColor(headingColor)
      .text(brand.name, x, top + 5, { width: 280, lineBreak: false, ellipsis: true });
    const labels = writer.labelsOfPage(i - range.start);
    let right = PAGE.width - MARGIN.right;
    for (const label of labels.reverse()) {
      const text = DATA_LABELS[label].title;
      doc.font(F.bold).fontSize(8);
      const w = doc.widthOfString(text) + 14;
      doc.roundedRect(right - w, top + 2, w, 17, 4).fill(COLOR.labelBg);
      doc.fillColor(COLOR.labelInk).text(text, right - w, top + 7, { width: w, align: 'center', lineBreak: false });
      right -= w + 6;
    }
    doc
      .moveTo(MARGIN.left, 56)
      .lineTo(PAGE.width - MARGIN.right, 56)
      .lineWidth(1.5)
      .strokeColor(accent)
      .stroke();

    // Footer: a thin accent rule, contact and footer text, page numbers, «Hecho con RankMaps».
    const fy = PAGE.height - 56;
    doc
      .moveTo(MARGIN.left, fy)
      .lineTo(PAGE.width - MARGIN.right, fy)
      .lineWidth(0.75)
      .strokeColor(accent)
      .stroke();
    const left = [brand.contact, brand.footer].filter((s): s is string => !!s && s.trim() !== '');
    doc.font(F.regular).fontSize(7.5).fillColor(COLOR.muted);
    left.forEach((line, k) =>
      doc.text(line, MARGIN.left, fy + 7 + k * 10, { width: CONTENT_WIDTH - 90, lineBreak: false, ellipsis: true }),
    );
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, PAGE.width - MARGIN.right - 90, fy + 7, {
      width: 90,
      align: 'right',
      lineBreak: false,
    });
    if (brand.poweredBy) {
      doc
        .font(F.regular)
        .fontSize(6.5)
        .fillColor(COLOR.faint)
        .text('Hecho con RankMaps', PAGE.width - MARGIN.right - 90, fy + 19, { width: 90, align: 'right', lineBreak: false });
    }
    doc.page.margins = margins;
  }
}
