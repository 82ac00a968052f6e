import PDFDocument from 'pdfkit';
import {
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_RANGES,
  POSITION_BAND_TEXT_COLOR,
  formatPosition,
  positionBand,
} from '@rankmaps/shared/metrics/bands';
import type { AnalysisReport, Report, ReportDataLabel } from '@rankmaps/shared/schemas/report';
import { reportFonts } from './fonts';
import {
  contrastWithWhite,
  DASH,
  DATA_LABELS,
  METRIC_LABELS,
  formatDateTime,
  formatDayMonth,
  formatDelta,
  formatDistance,
  formatMetric,
  formatNumber,
  formatPercent,
  formatRating,
  formatShortDate,
  languageName,
  metricDeltaText,
  regionName,
} from './format';

// The report's PDF (issue 17, docs/reports.md "PDF"): A4 portrait drawn with pdfkit, no
// browser and no map tiles. The sections follow docs/reports.md's order; every page carries the
// brand (logo, name, accent, contact, footer, «Hecho con RankMaps») and, where it shows such
// data, the data label. Text is real text (DejaVu Sans, embedded and subset), so it can be
// searched, copied and extracted.

export interface ReportPdfAssets {
  /** The brand's re-encoded PNG logo, or null to write the brand's name alone. */
  logoPng: Buffer | null;
  /** The logo of the report's client (`report.client`), re-encoded as PNG; null or absent to write its name alone. */
  clientLogoPng?: Buffer | null;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 78, bottom: 70, left: 48, right: 48 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

const INK = '#0f172a';
const MUTED = '#475569';
const FAINT = '#94a3b8';
const RULE = '#e2e8f0';
const ZEBRA = '#f8fafc';
const BETTER = '#15803d';
const WORSE = '#b91c1c';
const LABEL_BG = '#fef3c7';
const LABEL_INK = '#92400e';
const FAILED_FILL = '#d4d4d8';
/** The followed competitors' lines in the trend chart (ours takes the accent). */
const SERIES = ['#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d'];

const F = { regular: 'body', bold: 'body-bold', cond: 'cond', condBold: 'cond-bold' } as const;

type Doc = PDFKit.PDFDocument;
type Trend = AnalysisReport['metrics'][number]['trend'];

/** A #rrggbb colour, or the fallback when the brand's is malformed. */
function safeColor(c: string, fallback: string): string {
  return /^#[0-9a-f]{6}$/i.test(c) ? c : fallback;
}

function trendColor(trend: Trend): string {
  return trend === 'improved' ? BETTER : trend === 'worsened' ? WORSE : MUTED;
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}
interface Cell {
  text: string;
  color?: string;
  bold?: boolean;
}

/** Draws one report into a pdfkit document, page by page. */
class ReportWriter {
  readonly doc: Doc;
  /** The brand's colour: rules, the heat map's frame, table headers, our trend line. */
  readonly accent: string;
  /** The headings' colour: the accent, or ink when the accent is too pale to read on white. */
  readonly headingColor: string;
  /** The text on accent-filled table headers: white, or ink on a pale accent. */
  readonly onAccent: string;
  /** The data labels shown on each page (by page index). */
  private readonly pageLabels: Set<Exclude<ReportDataLabel, null>>[] = [];
  /** The label of the data being drawn, recorded on every page it reaches. */
  private currentLabel: ReportDataLabel = null;
  private logo: unknown = null;
  private clientLogo: unknown = null;

  constructor(
    private readonly report: Report,
    logoPng: Buffer | null,
    clientLogoPng: Buffer | null = null,
  ) {
    this.accent = safeColor(report.brand.accent, '#2563eb');
    const contrast = contrastWithWhite(this.accent);
    this.headingColor = contrast >= 3 ? this.accent : INK;
    this.onAccent = contrast >= 4.5 ? '#ffffff' : INK;
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
    this.logo = this.openLogo(logoPng);
    this.clientLogo = report.client ? this.openLogo(clientLogoPng) : null;
    this.doc.on('pageAdded', () => {
      this.pageLabels.push(new Set());
      this.markLabel();
      this.doc.font(F.regular).fontSize(10).fillColor(INK);
    });
  }

  /** A parsed PNG, or null: an unreadable logo leaves the name alone, never a failed report. */
  private openLogo(png: Buffer | null): unknown {
    if (!png) return null;
    try {
      return (this.doc as unknown as { openImage(src: Buffer): unknown }).openImage(png);
    } catch {
      return null;
    }
  }

  title(): string {
    const r = this.report;
    if (r.scope === 'keyword') return `Informe de la keyword «${r.keyword}» – ${r.place.name}`;
    if (r.scope === 'place') return `Informe de ${r.place.name}`;
    return `Informe de «${r.analysis.keyword}» – ${r.place.name}`;
  }

  // ---- Pages ----

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

  /** The brand's header and footer and the page numbers, on every page once all are drawn. */
  finishPages(): void {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    const brand = this.report.brand;
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Drawing in the margins: no automatic page break there.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };

      // Header: logo and name on the left, the data label on the right, an accent rule.
      let x = MARGIN.left;
      const top = 26;
      if (this.logo) {
        doc.image(this.logo as PDFKit.Mixins.ImageSrc, x, top - 2, { fit: [72, 26], valign: 'center' });
        const img = this.logo as { width: number; height: number };
        x += Math.min(72, (img.width / img.height) * 26) + 8;
      }
      doc
        .font(F.bold)
        .fontSize(12)
        .fillColor(this.headingColor)
        .text(brand.name, x, top + 5, { width: 280, lineBreak: false, ellipsis: true });
      const labels = [...(this.pageLabels[i - range.start] ?? [])];
      let right = PAGE.width - MARGIN.right;
      for (const label of labels.reverse()) {
        const text = DATA_LABELS[label].title;
        doc.font(F.bold).fontSize(8);
        const w = doc.widthOfString(text) + 14;
        doc.roundedRect(right - w, top + 2, w, 17, 4).fill(LABEL_BG);
        doc.fillColor(LABEL_INK).text(text, right - w, top + 7, { width: w, align: 'center', lineBreak: false });
        right -= w + 6;
      }
      doc
        .moveTo(MARGIN.left, 56)
        .lineTo(PAGE.width - MARGIN.right, 56)
        .lineWidth(1.5)
        .strokeColor(this.accent)
        .stroke();

      // Footer: a thin accent rule, contact and footer text, page numbers, «Hecho con RankMaps».
      const fy = PAGE.height - 56;
      doc
        .moveTo(MARGIN.left, fy)
        .lineTo(PAGE.width - MARGIN.right, fy)
        .lineWidth(0.75)
        .strokeColor(this.accent)
        .stroke();
      const left = [brand.contact, brand.footer].filter((s): s is string => !!s && s.trim() !== '');
      doc.font(F.regular).fontSize(7.5).fillColor(MUTED);
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
          .fillColor(FAINT)
          .text('Hecho con RankMaps', PAGE.width - MARGIN.right - 90, fy + 19, { width: 90, align: 'right', lineBreak: false });
      }
      doc.page.margins = margins;
    }
  }

  // ---- Building blocks ----

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
    doc.fillColor(opts.color ?? INK).text(text, MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
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
      doc.fillColor(MUTED).text(label, MARGIN.left, y, { width: 105 });
      doc.fillColor(INK).text(value, MARGIN.left + 110, y, { width: CONTENT_WIDTH - 110 });
      doc.y = Math.max(doc.y, y + h) + 2;
    }
  }

  /** A table with a header row, zebra rows and the header repeated after a page break. */
  table(columns: Column[], rows: Cell[][], opts: { highlight?: (i: number) => boolean; size?: number } = {}): void {
    const doc = this.doc;
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
          .fillColor(header ? this.onAccent : (c.color ?? INK))
          .text(c.text, x + pad, y + pad, { width: widths[k]! - 2 * pad, align: columns[k]!.align ?? 'left' });
        x += widths[k]!;
      });
    };
    const headerCells = columns.map((c) => ({ text: c.header }));
    const headerH = rowHeight(headerCells, true);
    const drawHeader = () => {
      const y = doc.y;
      drawRow(headerCells, y, headerH, true, this.accent);
      doc.y = y + headerH;
    };
    this.ensureSpace(headerH + (rows[0] ? rowHeight(rows[0], false) : 0));
    drawHeader();
    rows.forEach((cells, i) => {
      const bold = opts.highlight?.(i) ?? false;
      const h = rowHeight(cells, bold);
      if (doc.y + h > BOTTOM) {
        this.newPage();
        drawHeader();
      }
      const y = doc.y;
      const fill = bold ? `${this.accent}` : i % 2 === 1 ? ZEBRA : null;
      if (bold) {
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
        .strokeColor(RULE)
        .stroke();
      doc.y = y + h;
    });
    doc.x = MARGIN.left;
    doc.moveDown(0.5);
  }

  // ---- The report ----

  render(): void {
    const r = this.report;
    this.newPage();
    if (r.scope === 'analysis') {
      this.setLabel(r.analysis.dataLabel);
      this.cover(`Informe de posicionamiento local`);
      this.analysis(r.analysis, { heading: null });
    } else if (r.scope === 'keyword') {
      const labels = [...new Set(r.history.map((h) => h.dataLabel))];
      this.setLabel(r.latest?.dataLabel ?? null);
      for (const l of labels) this.markLabelOnce(l);
      this.cover(`Informe de la keyword «${r.keyword}»`);
      this.h2('Historial de análisis');
      if (r.history.length === 0) {
        this.paragraph('Esta keyword aún no tiene ningún análisis completado.', { color: MUTED });
      } else {
        const tz = r.latest?.timeZone ?? 'Europe/Madrid';
        this.table(
          [
            { header: 'Fecha', width: 90 },
            { header: 'GeoRank', width: 70, align: 'right' },
            { header: 'Posición media total', width: 95, align: 'right' },
            { header: '% Local Pack', width: 80, align: 'right' },
            { header: 'Datos', width: 150 },
          ],
          r.history.map((h) => [
            { text: formatShortDate(h.date, tz) },
            { text: formatNumber(h.geoRank) },
            { text: formatNumber(h.avgTotalPosition) },
            { text: formatPercent(h.localPackPercentage) },
            { text: h.dataLabel ? DATA_LABELS[h.dataLabel].title : 'Búsquedas reales en el mapa', color: h.dataLabel ? LABEL_INK : MUTED },
          ]),
        );
      }
      if (r.latest) {
        this.setLabel(r.latest.dataLabel);
        this.newPage();
        this.analysis(r.latest, { heading: 'Último análisis' });
      } else {
        this.paragraph('Cuando termine el primer análisis, el informe mostrará aquí su mapa y sus cifras.', { color: MUTED });
      }
    } else {
      const labels = [...new Set(r.keywords.map((k) => k.dataLabel))];
      this.setLabel(null);
      for (const l of labels) this.markLabelOnce(l);
      this.cover('Informe del negocio');
      this.placeSummary(r);
      for (const k of r.keywords) {
        this.setLabel(k.dataLabel);
        this.newPage();
        this.analysis(k, { heading: `Keyword «${k.keyword}»` });
      }
    }
    this.finishPages();
  }

  /** Adds a label to the current page only (pages summarising data of several labels). */
  private markLabelOnce(label: ReportDataLabel): void {
    const page = this.pageLabels[this.pageLabels.length - 1];
    if (page && label) page.add(label);
  }

  cover(kind: string): void {
    const r = this.report;
    const doc = this.doc;
    let y = MARGIN.top;
    if (r.client) {
      // «Informe para {client}» with the client's logo, under the agency's header (docs/decisions.md §25.1).
      let x = MARGIN.left;
      if (this.clientLogo) {
        doc.image(this.clientLogo as PDFKit.Mixins.ImageSrc, x, y, { fit: [96, 32], valign: 'center' });
        const img = this.clientLogo as { width: number; height: number };
        x += Math.min(96, (img.width / img.height) * 32) + 10;
      }
      doc
        .font(F.bold)
        .fontSize(11)
        .fillColor(INK)
        .text(`Informe para ${r.client.name}`, x, y + 10, { width: MARGIN.left + CONTENT_WIDTH - x, lineBreak: false, ellipsis: true });
      y += 42;
    }
    doc.font(F.regular).fontSize(9).fillColor(MUTED).text(kind, MARGIN.left, y, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
    this.h1(r.place.name);
    doc.font(F.regular).fontSize(9.5).fillColor(MUTED).text(r.place.address, { width: CONTENT_WIDTH });
    doc.moveDown(0.2);
    const tz =
      r.scope === 'analysis'
        ? r.analysis.timeZone
        : r.scope === 'keyword'
          ? (r.latest?.timeZone ?? 'Europe/Madrid')
          : (r.keywords[0]?.timeZone ?? 'Europe/Madrid');
    // An analysis' facts follow at once and name the market; the other reports name it here.
    const market =
      r.scope === 'analysis' ? '' : `Mercado: ${regionName(r.place.market.countryCode)} · ${languageName(r.place.market.languageCode)} · `;
    doc.text(`${market}Informe generado el ${formatDateTime(r.generatedAt, tz)}`, { width: CONTENT_WIDTH });
    doc.moveDown(0.4);
  }

  placeSummary(r: Extract<Report, { scope: 'place' }>): void {
    this.h2('Resumen de las keywords');
    if (r.summary.length === 0) {
      this.paragraph('Este negocio aún no tiene keywords con un análisis completado.', { color: MUTED });
      return;
    }
    const tz = r.keywords[0]?.timeZone ?? 'Europe/Madrid';
    this.table(
      [
        { header: 'Keyword', width: 150 },
        { header: 'Último análisis', width: 75 },
        { header: 'GeoRank', width: 58, align: 'right' },
        { header: 'Cambio', width: 62, align: 'right' },
        { header: 'Posición media total', width: 75, align: 'right' },
        { header: '% Local Pack', width: 65, align: 'right' },
        { header: '% encontrado', width: 65, align: 'right' },
      ],
      r.summary.map((s) => [
        { text: s.keyword, bold: true },
        { text: s.date ? formatShortDate(s.date, tz) : 'Sin análisis', color: s.date ? INK : MUTED },
        { text: s.geoRank === null ? DASH : formatNumber(s.geoRank) },
        {
          text: formatDelta(s.geoRankDelta),
          color: s.geoRankDelta === null || s.geoRankDelta === 0 ? MUTED : s.geoRankDelta > 0 ? BETTER : WORSE,
        },
        { text: s.avgTotalPosition === null ? DASH : formatNumber(s.avgTotalPosition) },
        { text: s.localPackPercentage === null ? DASH : formatPercent(s.localPackPercentage) },
        { text: s.foundPercentage === null ? DASH : formatPercent(s.foundPercentage) },
      ]),
    );
    this.paragraph(
      'El cambio compara el GeoRank con el análisis anterior de cada keyword (▲ mejora, ▼ empeora). Cada keyword tiene su propia página a continuación.',
      {
        size: 8,
        color: MUTED,
      },
    );
  }

  /** One analysis, sections in docs/reports.md's order. */
  analysis(a: AnalysisReport, opts: { heading: string | null }): void {
    const doc = this.doc;
    if (opts.heading) {
      doc
        .font(F.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(opts.heading.startsWith('Keyword') ? this.report.place.name : opts.heading, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
      this.h1(opts.heading.startsWith('Keyword') ? opts.heading : `Keyword «${a.keyword}»`);
    }
    // 1. The business, keyword, date, grid and market.
    this.facts([
      ['Negocio', this.report.place.name],
      ['Keyword', a.query ? `${a.keyword} (búsqueda: «${a.query}»)` : a.keyword],
      ['Fecha', formatDateTime(a.date, a.timeZone)],
      [
        'Cuadrícula',
        `${a.grid.gridSize} × ${a.grid.gridSize} (${formatNumber(a.grid.totalPoints, 0)} puntos), radio de ${formatDistance(a.grid.radius)}`,
      ],
      ['Mercado', `${regionName(this.report.place.market.countryCode)} · ${languageName(this.report.place.market.languageCode)}`],
      ...(a.dataLabel ? ([['Datos', DATA_LABELS[a.dataLabel].title]] as [string, string][]) : []),
    ]);

    // 2. The findings.
    this.h2('Lo más destacado', 40);
    if (a.insights.length === 0)
      this.paragraph('Todavía no hay datos suficientes para sacar conclusiones de este análisis.', { color: MUTED });
    a.insights.forEach((ins, i) => {
      doc.font(F.regular).fontSize(9.5);
      const h = doc.heightOfString(ins.text, { width: CONTENT_WIDTH - 22 });
      this.ensureSpace(h + 4);
      const y = doc.y;
      doc.circle(MARGIN.left + 7, y + 6, 7).fill(this.accent);
      doc
        .font(F.bold)
        .fontSize(8)
        .fillColor(this.onAccent)
        .text(String(i + 1), MARGIN.left, y + 2, { width: 14, align: 'center', lineBreak: false });
      doc
        .font(F.regular)
        .fontSize(9.5)
        .fillColor(INK)
        .text(ins.text, MARGIN.left + 22, y, { width: CONTENT_WIDTH - 22, lineGap: 1 });
      doc.y = Math.max(doc.y, y + 14) + 4;
    });

    // 3. The metrics and their deltas.
    this.h2('Métricas', 150);
    const prev = a.previousDate
      ? `Cambio frente al análisis del ${formatShortDate(a.previousDate, a.timeZone)}: ▲ sube, ▼ baja; en verde si mejora, en rojo si empeora.`
      : 'Es el primer análisis de esta keyword: aún no hay cambios que mostrar.';
    this.paragraph(prev, { size: 8, color: MUTED });
    this.table(
      [
        { header: 'Métrica', width: 170 },
        { header: 'Ahora', width: 90, align: 'right' },
        { header: 'Antes', width: 90, align: 'right' },
        { header: 'Cambio', width: 110, align: 'right' },
      ],
      a.metrics.map((m) => [
        { text: METRIC_LABELS[m.key], bold: true },
        { text: formatMetric(m.key, m.current) },
        { text: formatMetric(m.key, m.reference), color: MUTED },
        { text: metricDeltaText(m.key, m.delta), color: trendColor(m.trend) },
      ]),
      { size: 9 },
    );

    // 4. The heat map.
    this.heatMap(a);

    // 5. The movement summary.
    this.movement(a);

    // 6. The trend.
    this.trendChart(a);

    // 7. The top competitors.
    this.h2('Competidores principales', 60);
    if (a.competitors.length === 0) this.paragraph('No hay competidores en este análisis.', { color: MUTED });
    else
      this.table(
        [
          { header: '#', width: 18, align: 'right' },
          { header: 'Negocio', width: 150 },
          { header: 'Valoración', width: 56, align: 'right' },
          { header: 'Reseñas', width: 46, align: 'right' },
          { header: 'Posición media', width: 52, align: 'right' },
          { header: 'Posición media total', width: 60, align: 'right' },
          { header: '% Local Pack', width: 52, align: 'right' },
          { header: 'GeoRank', width: 50, align: 'right' },
        ],
        a.competitors
          .slice(0, 10)
          .map((c, i) => [
            { text: String(i + 1) },
            { text: c.isOurBusiness ? `${c.name} (tu negocio)` : c.name },
            { text: c.rating === null ? DASH : formatRating(c.rating) },
            { text: formatNumber(c.userRatingCount, 0) },
            { text: formatNumber(c.avgPosition) },
            { text: c.avgTotalPosition === null ? DASH : formatNumber(c.avgTotalPosition) },
            { text: formatPercent(c.localPackPercentage) },
            { text: formatNumber(c.geoRank), bold: true },
          ]),
        { highlight: (i) => a.competitors[i]!.isOurBusiness },
      );

    // 8. The ad detector.
    this.h2('Detector de anuncios', 50);
    if (a.ads.length === 0) {
      this.paragraph('No se detectaron anuncios en este análisis (algunas fuentes de datos no los devuelven).', { color: MUTED });
    } else {
      this.paragraph(
        'Los negocios que pagan por aparecer como anuncio, y en qué parte de la zona. Los anuncios no cuentan para las posiciones.',
        { size: 8, color: MUTED },
      );
      this.table(
        [
          { header: 'Negocio', width: 260 },
          { header: '% de anuncio', width: 90, align: 'right' },
          { header: 'Puntos', width: 80, align: 'right' },
        ],
        a.ads.map((ad) => [
          { text: ad.isOurBusiness ? `${ad.name} (tu negocio)` : ad.name },
          { text: formatPercent(ad.share) },
          { text: formatNumber(ad.appearances, 0) },
        ]),
        { highlight: (i) => a.ads[i]!.isOurBusiness },
      );
    }

    // 9. What the metrics mean.
    this.explanation();

    // 10. The data label.
    if (a.dataLabel) {
      const { title, text } = DATA_LABELS[a.dataLabel];
      doc.font(F.regular).fontSize(8.5);
      const h = doc.heightOfString(text, { width: CONTENT_WIDTH - 20 }) + 26;
      this.ensureSpace(h + 10);
      doc.moveDown(0.5);
      const y = doc.y;
      doc.roundedRect(MARGIN.left, y, CONTENT_WIDTH, h, 5).fill(LABEL_BG);
      doc
        .font(F.bold)
        .fontSize(9.5)
        .fillColor(LABEL_INK)
        .text(title, MARGIN.left + 10, y + 7, { width: CONTENT_WIDTH - 20 });
      doc
        .font(F.regular)
        .fontSize(8.5)
        .text(text, MARGIN.left + 10, doc.y + 1, { width: CONTENT_WIDTH - 20 });
      doc.y = y + h + 4;
    }
  }

  heatMap(a: AnalysisReport): void {
    const doc = this.doc;
    const size = Math.max(1, a.grid.gridSize);
    const side = Math.min(CONTENT_WIDTH, 360);
    const cell = side / size;
    const legendH = 40;
    this.h2('Mapa de posiciones', side + legendH + 20);
    this.paragraph(
      `Cada casilla es un punto de la cuadrícula (el norte arriba) con la posición de tu negocio allí. «+20»: no apareces entre los 20 primeros.`,
      { size: 8, color: MUTED },
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
        this.hatch(x, y, cell);
        continue;
      }
      const fill = c.status === 'failed' ? FAILED_FILL : POSITION_BAND_COLORS[positionBand(c.position)];
      doc.rect(x, y, cell, cell).fill(fill);
      if (showText) {
        const label = c.status === 'failed' ? '×' : formatPosition(c.position);
        doc
          .fillColor(c.status === 'failed' ? MUTED : POSITION_BAND_TEXT_COLOR)
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
    doc.rect(x0, y0, side, side).lineWidth(1.5).strokeColor(this.accent).stroke();
    if (size % 2 === 1) {
      const cx = x0 + half * cell;
      const cy = y0 + half * cell;
      doc
        .rect(cx - 1, cy - 1, cell + 2, cell + 2)
        .lineWidth(2)
        .strokeColor(INK)
        .stroke();
    }
    doc.y = y0 + side + 8;

    // The legend: the bands, failed, excluded and the centre.
    const items: { draw: (x: number, y: number, s: number) => void; text: string }[] = POSITION_BANDS.map((band) => {
      const range = POSITION_BAND_RANGES[band];
      return {
        draw: (x, y, s) => void doc.rect(x, y, s, s).fill(POSITION_BAND_COLORS[band]),
        text: range ? `${range[0]}–${range[1]}` : '+20 (no aparece)',
      };
    });
    items.push({ draw: (x, y, s) => void doc.rect(x, y, s, s).fill(FAILED_FILL), text: 'Fallido' });
    items.push({ draw: (x, y, s) => this.hatch(x, y, s), text: 'Excluido' });
    items.push({
      draw: (x, y, s) =>
        void doc
          .rect(x + 1, y + 1, s - 2, s - 2)
          .lineWidth(2)
          .strokeColor(INK)
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
          .fillColor(INK)
          .text(items[i]!.text, x + 14, y + 1, { lineBreak: false });
        x += widths[i]!;
      }
      doc.y = y + 15;
    }
    doc.x = MARGIN.left;
  }

  /** An excluded point: white, hatched in grey. */
  private hatch(x: number, y: number, s: number): void {
    const doc = this.doc;
    doc.save();
    doc.rect(x, y, s, s).fillAndStroke('#ffffff', RULE);
    doc.rect(x, y, s, s).clip();
    doc.lineWidth(0.5).strokeColor(FAINT);
    for (let d = -s; d < s; d += 3) doc.moveTo(x + d, y + s).lineTo(x + d + s, y);
    doc.stroke();
    doc.restore();
  }

  movement(a: AnalysisReport): void {
    this.h2('Movimiento desde el análisis anterior', 60);
    const m = a.movement;
    if (!m) {
      this.paragraph('Es el primer análisis de esta keyword: no hay otro con el que comparar los puntos.', { color: MUTED });
      return;
    }
    const doc = this.doc;
    const items: [string, number, string][] = [
      ['Mejoran', m.improved, BETTER],
      ['Empeoran', m.worsened, WORSE],
      ['Sin cambios', m.same, MUTED],
      ['Ahora apareces', m.newlyFound, BETTER],
      ['Ya no apareces', m.lost, WORSE],
      ['No comparables', m.notComparable, FAINT],
    ];
    const gap = 6;
    const w = (CONTENT_WIDTH - gap * (items.length - 1)) / items.length;
    const y = doc.y;
    items.forEach(([label, n, color], i) => {
      const x = MARGIN.left + i * (w + gap);
      doc.roundedRect(x, y, w, 44, 4).lineWidth(0.75).strokeColor(RULE).stroke();
      doc
        .font(F.bold)
        .fontSize(15)
        .fillColor(color)
        .text(formatNumber(n, 0), x, y + 6, { width: w, align: 'center', lineBreak: false });
      doc
        .font(F.regular)
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(label, x, y + 28, { width: w, align: 'center', lineBreak: false });
    });
    doc.y = y + 50;
    doc.x = MARGIN.left;
    this.paragraph(
      'Puntos de la cuadrícula en los que tu posición mejora, empeora o se mantiene; «no comparables» son los que fallaron o estaban excluidos en uno de los dos análisis.',
      {
        size: 8,
        color: MUTED,
      },
    );
  }

  trendChart(a: AnalysisReport): void {
    const doc = this.doc;
    const chartH = 170;
    const points = a.trend.points;
    this.h2('Evolución del GeoRank', chartH + 60);
    if (points.length < 2) {
      this.paragraph('Hace falta más de un análisis completado para ver la evolución.', { color: MUTED });
      return;
    }
    const axisW = 26;
    const x0 = MARGIN.left + axisW;
    const w = CONTENT_WIDTH - axisW - 10;
    const y0 = doc.y + 6;
    const yOf = (v: number) => y0 + chartH - (Math.max(0, Math.min(100, v)) / 100) * chartH;
    const xOf = (i: number) => x0 + (points.length === 1 ? w / 2 : (i / (points.length - 1)) * w);
    // Axes and gridlines, 0 to 100.
    doc.font(F.regular).fontSize(7).fillColor(MUTED);
    for (const v of [0, 25, 50, 75, 100]) {
      doc
        .moveTo(x0, yOf(v))
        .lineTo(x0 + w, yOf(v))
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke();
      doc.fillColor(MUTED).text(String(v), MARGIN.left, yOf(v) - 3.5, { width: axisW - 5, align: 'right', lineBreak: false });
    }
    const every = Math.max(1, Math.ceil(points.length / 10));
    points.forEach((p, i) => {
      if (i % every !== 0 && i !== points.length - 1) return;
      doc
        .fillColor(MUTED)
        .text(formatDayMonth(p.date, a.timeZone), xOf(i) - 20, y0 + chartH + 4, { width: 40, align: 'center', lineBreak: false });
    });
    // The followed competitors, dashed, then ours on top.
    const series: { name: string; color: string; values: (number | null)[]; ours: boolean }[] = a.trend.followed.map((f, k) => ({
      name: f.name,
      color: SERIES[k % SERIES.length]!,
      values: points.map((p) => p.competitors.find((c) => c.placeId === f.placeId)?.geoRank ?? null),
      ours: false,
    }));
    series.push({ name: `${this.report.place.name} (tu negocio)`, color: this.accent, values: points.map((p) => p.geoRank), ours: true });
    for (const s of series) {
      doc.lineWidth(s.ours ? 2.2 : 1.2).strokeColor(s.color);
      if (!s.ours) doc.dash(4, { space: 2.5 });
      let drawing = false;
      s.values.forEach((v, i) => {
        if (v === null) {
          drawing = false;
          return;
        }
        if (drawing) doc.lineTo(xOf(i), yOf(v));
        else doc.moveTo(xOf(i), yOf(v));
        drawing = true;
      });
      doc.stroke();
      doc.undash();
      s.values.forEach((v, i) => {
        if (v !== null) doc.circle(xOf(i), yOf(v), s.ours ? 2.4 : 1.6).fill(s.color);
      });
    }
    const last = points[points.length - 1]!;
    doc
      .font(F.bold)
      .fontSize(8)
      .fillColor(this.headingColor)
      .text(formatNumber(last.geoRank), xOf(points.length - 1) - 40, yOf(last.geoRank) - 13, {
        width: 40,
        align: 'right',
        lineBreak: false,
      });
    doc.y = y0 + chartH + 18;
    // The legend.
    doc.font(F.regular).fontSize(7.5);
    let x = MARGIN.left;
    let y = doc.y;
    for (const s of [...series].reverse()) {
      const wItem = 22 + doc.widthOfString(s.name) + 12;
      if (x + wItem > MARGIN.left + CONTENT_WIDTH) {
        x = MARGIN.left;
        y += 12;
      }
      doc.lineWidth(s.ours ? 2.2 : 1.2).strokeColor(s.color);
      if (!s.ours) doc.dash(4, { space: 2.5 });
      doc
        .moveTo(x, y + 4)
        .lineTo(x + 16, y + 4)
        .stroke();
      doc.undash();
      doc.fillColor(INK).text(s.name, x + 20, y, { lineBreak: false });
      x += wItem;
    }
    doc.y = y + 16;
    doc.x = MARGIN.left;
  }

  explanation(): void {
    this.h2('Qué significa cada cifra', 120);
    const items: [string, string][] = [
      [
        'GeoRank',
        'tu visibilidad local de 0 a 100. Cada punto en el top 3 suma 1, del 4 al 10 suma la mitad, del 11 al 20 una cuarta parte, y donde no apareces no suma. Más alto es mejor.',
      ],
      ['Posición media', 'en qué posición sueles aparecer cuando apareces. Más baja es mejor.'],
      ['Posición media total', 'tu posición típica en toda la zona, contando como 21 los puntos donde no apareces. Más baja es mejor.'],
      ['% Local Pack', 'en qué parte de la zona estás entre los 3 primeros, los que Google destaca y se llevan más clics.'],
      ['% encontrado', 'en qué parte de la zona apareces entre los 20 primeros.'],
      ['Índice de visibilidad', 'cuánto se te ve, de 0 a 100, según cada posición: la 1.ª vale 1, la 20.ª 0,05 y no aparecer, 0.'],
      ['+20', 'no apareces entre los 20 primeros resultados en ese punto. Los anuncios nunca cuentan para las posiciones.'],
    ];
    const doc = this.doc;
    for (const [term, text] of items) {
      doc.font(F.regular).fontSize(8.5);
      const h = doc.heightOfString(`${term}: ${text}`, { width: CONTENT_WIDTH });
      this.ensureSpace(h + 3);
      doc.font(F.bold).fillColor(INK).text(`${term}: `, MARGIN.left, doc.y, { width: CONTENT_WIDTH, continued: true, lineGap: 1 });
      doc.font(F.regular).fillColor(MUTED).text(text, { lineGap: 1 });
      doc.moveDown(0.25);
    }
  }
}

/**
 * The report as an A4 PDF (docs/reports.md, "PDF"). `assets.logoPng` is the brand's
 * re-encoded logo; null writes the brand's name alone.
 */
export function renderReportPdf(report: Report, assets: ReportPdfAssets): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    try {
      const writer = new ReportWriter(report, assets.logoPng, assets.clientLogoPng ?? null);
      const chunks: Buffer[] = [];
      writer.doc.on('data', (c: Buffer) => chunks.push(c));
      writer.doc.on('end', () => resolve(Buffer.concat(chunks)));
      writer.doc.on('error', reject);
      writer.render();
      writer.doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
