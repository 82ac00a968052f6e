import PDFDocument from 'pdfkit';
import type { Report, ReportDataLabel } from '@rankmaps/shared/schemas/report';
import { reportFonts } from './fonts';
import { contrastWithWhite } from './format';
import { BOTTOM, COLOR, CONTENT_WIDTH, type Doc, F, MARGIN } from './layout';
import { openLogo, type Logo } from './logo';

// The pdfkit document of one report and what every section shares: the brand's colours, the
// logos parsed once, which data labels each page shows, page breaks and the text blocks
// (headings, paragraphs, facts). The sections themselves live in their own *-section.ts files.

/** A #rrggbb colour, or the fallback when the brand's is malformed. */
function safeColor(c: string, fallback: string): string {
  return /^#[0-9a-f]{6}$/i.test(c) ? c : fallback;
}

/** Draws one report into a pdfkit document, page by page. */
export class ReportWriter {
  readonly doc: Doc;
  /** The brand's colour: rules, the heat map's frame, table headers, our trend line. */
  readonly accent: string;
  /** The headings' colour: the accent, or ink when the accent is too pale to read on white. */
  readonly headingColor: string;
  /** The text on accent-filled table headers: white, or ink on a pale accent. */
  readonly onAccent: string;
  /** The brand's parsed logo (one embedded image, reused by every page's header), or null. */
  readonly logo: Logo | null = null;
  /** The client's parsed logo for the cover, or null. */
  readonly clientLogo: Logo | null = null;
  /** The data labels shown on each page (by page index). */
  private readonly pageLabels: Set<Exclude<ReportDataLabel, null>>[] = [];
  /** The label of the data being drawn, recorded on every page it reaches. */
  private currentLabel: ReportDataLabel = null;

  constructor(
    readonly report: Report,
    logoPng: Buffer | null,
    clientLogoPng: Buffer | null = null,
  ) {
    this.accent = safeColor(report.brand.accent, '#2563eb');
    const contrast = contrastWithWhite(this.accent);
    this.headingColor = contrast >= 3 ? this.accent : COLOR.ink;
    this.onAccent = contrast >= 4.5 ? '#ffffff' : COLOR.ink;
    this.doc = new PDFDocument({
      size: 'A4',
      layout: 'portrait',
      margins: MARGIN,
      bufferPages: true,
      autoFirstPage: false,
      lang: 'es-ES',
      info: {
        Title: this.title(),
        Author: report.brand.name,
        Creator: report.brand.poweredBy || !report.brand.whiteLabel ? 'RankMaps' : report.brand.name,
      },
    });
    const fonts = reportFonts();
    this.doc.registerFont(F.regular, fonts.regular);
    this.doc.registerFont(F.bold, fonts.bold);
    this.doc.registerFont(F.cond, fonts.condensed);
    this.doc.registerFont(F.condBold, fonts.condensedBold);
    // openImage parses the PNG once; every page's header reuses it (one embedded image).
    this.logo = openLogo(this.doc, logoPng);
    this.clientLogo = report.client ? openLogo(this.doc, clientLogoPng) : null;
    this.doc.on('pageAdded', () => {
      this.pageLabels.push(new Set());
      this.markLabel();
      this.doc.font(F.regular).fontSize(10).fillColor(COLOR.ink);
    });
  }

  title(): string {
    const r = this.report;
    if (r.scope === 'keyword') return `Informe de la keyword «${r.keyword}» – ${r.place.name}`;
    if (r.scope === 'place') return `Informe de ${r.place.name}`;
    return `Informe de «${r.analysis.keyword}» – ${r.place.name}`;
  }

  // ---- Pages and their data labels ----

  newPage(): void {
    this.doc.addPage();
  }

  /** A new page unless `height` still fits below the cursor. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > BOTTOM) this.newPage();
  }

  private markLabel(): void {
    const page = this.pageLabels[this.pageLabels.length - 1];
    if (page && this.currentLabel) page.add(this.currentLabel);
  }

  /** From here on the pages show data with this label (null: none). */
  setLabel(label: ReportDataLabel): void {
    this.currentLabel = label;
    this.markLabel();
  }

  /** Adds a label to the current page only (pages summarising data of several labels). */
  markLabelOnce(label: ReportDataLabel): void {
    const page = this.pageLabels[this.pageLabels.length - 1];
    if (page && label) page.add(label);
  }

  /** The labels recorded on the page at this index of the buffered pages. */
  labelsOfPage(index: number): Exclude<ReportDataLabel, null>[] {
    return [...(this.pageLabels[index] ?? [])];
  }

  // ---- Text blocks ----

  h1(text: string): void {
    this.doc.font(F.bold).fontSize(18).fillColor(this.headingColor).text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.2);
  }

  /** A section heading with an accent rule; keeps `keep` points of what follows with it. */
  h2(text: string, keep = 80): void {
    this.ensureSpace(24 + keep);
    const doc = this.doc;
    doc.moveDown(0.6);
    const y = doc.y;
    doc.font(F.bold).fontSize(12.5).fillColor(this.headingColor).text(text, MARGIN.left, y, { width: CONTENT_WIDTH });
    doc
      .moveTo(MARGIN.left, doc.y + 1)
      .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y + 1)
      .lineWidth(0.75)
      .strokeColor(this.accent)
      .stroke();
    doc.y += 7;
  }

  paragraph(text: string, opts: { size?: number; color?: string; bold?: boolean } = {}): void {
    const doc = this.doc;
    doc.font(opts.bold ? F.bold : F.regular).fontSize(opts.size ?? 9.5);
    this.ensureSpace(doc.heightOfString(text, { width: CONTENT_WIDTH }) + 2);
    doc.fillColor(opts.color ?? COLOR.ink).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
    doc.moveDown(0.3);
  }

  /** Label–value pairs in two aligned columns. */
  facts(rows: [string, string][]): void {
    const doc = this.doc;
    for (const [label, value] of rows) {
      doc.font(F.regular).fontSize(9.5);
      const h = doc.heightOfString(value, { width: CONTENT_WIDTH - 110 });
      this.ensureSpace(h + 2);
      const y = doc.y;
      doc.fillColor(COLOR.muted).text(label, MARGIN.left, y, { width: 105 });
      doc.fillColor(COLOR.ink).text(value, MARGIN.left + 110, y, { width: CONTENT_WIDTH - 110 });
      doc.y = Math.max(doc.y, y + h) + 2;
    }
  }
}
