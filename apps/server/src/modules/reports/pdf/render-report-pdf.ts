import type { Report } from '@rankmaps/shared/schemas/report';
import { drawAiVisibility } from './ai-visibility-section';
import { drawAnalysis } from './analysis-section';
import { drawCover } from './cover-section';
import { drawKeywordHistory } from './keyword-history-section';
import { COLOR } from './layout';
import { drawPageChrome } from './page-chrome';
import { drawPlaceSummary } from './place-summary-section';
import { drawReviewPace } from './review-pace-section';
import { ReportWriter } from './report-writer';

// The report's PDF (issue 17, docs/reports.md "PDF"): A4 portrait drawn with pdfkit, no
// browser and no map tiles. The sections follow docs/reports.md's order; every page carries the
// brand (logo, name, accent, contact, footer, «Hecho con RankMaps») and, where it shows such
// data, the data label. Text is real text (DejaVu Sans, embedded and subset), so it can be
// searched, copied and extracted. This file lays out each report scope; the sections are drawn
// by the *-section.ts files, the header and footer by page-chrome.ts.

export interface ReportPdfAssets {
  /** The brand's re-encoded PNG logo, or null to write the brand's name alone. */
  logoPng: Buffer | null;
  /** The logo of the report's client (`report.client`), re-encoded as PNG; null or absent to write its name alone. */
  clientLogoPng?: Buffer | null;
}

/** Every page of the report, by scope, then the header and footer on each. */
function drawReport(writer: ReportWriter): void {
  const r = writer.report;
  writer.newPage();
  if (r.scope === 'analysis') {
    writer.setLabel(r.analysis.dataLabel);
    drawCover(writer, `Informe de posicionamiento local`);
    drawAnalysis(writer, r.analysis, { heading: null });
    if (r.ai) {
      writer.setLabel(r.ai.demo ? 'demo' : null);
      writer.newPage();
      drawAiVisibility(writer, r.ai, r.analysis.timeZone);
    }
  } else if (r.scope === 'keyword') {
    // The history's first page shows the label of every analysis it lists.
    const labels = [...new Set(r.history.map((h) => h.dataLabel))];
    writer.setLabel(r.latest?.dataLabel ?? null);
    for (const l of labels) writer.markLabelOnce(l);
    drawCover(writer, `Informe de la keyword «${r.keyword}»`);
    drawKeywordHistory(writer, r);
    if (r.latest) {
      writer.setLabel(r.latest.dataLabel);
      writer.newPage();
      drawAnalysis(writer, r.latest, { heading: 'Último análisis' });
    } else {
      writer.paragraph('Cuando termine el primer análisis, el informe mostrará aquí su mapa y sus cifras.', { color: COLOR.muted });
    }
    // The keyword's latest AI-visibility analysis, when it has one (docs/decisions.md §31.10).
    if (r.ai) {
      writer.setLabel(r.ai.demo ? 'demo' : null);
      writer.newPage();
      drawAiVisibility(writer, r.ai, r.latest?.timeZone ?? 'Europe/Madrid');
    }
  } else {
    // The summary page shows the label of every keyword it lists.
    const labels = [...new Set(r.keywords.map((k) => k.dataLabel))];
    writer.setLabel(null);
    for (const l of labels) writer.markLabelOnce(l);
    drawCover(writer, 'Informe del negocio');
    drawPlaceSummary(writer, r);
    drawReviewPace(writer, r);
    for (const k of r.keywords) {
      writer.setLabel(k.dataLabel);
      writer.newPage();
      drawAnalysis(writer, k, { heading: `Keyword «${k.keyword}»` });
    }
    for (const { keyword, ai } of r.ai ?? []) {
      writer.setLabel(ai.demo ? 'demo' : null);
      writer.newPage();
      drawAiVisibility(writer, ai, r.keywords[0]?.timeZone ?? 'Europe/Madrid', `Visibilidad en IA: «${keyword}»`);
    }
  }
  drawPageChrome(writer);
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
      drawReport(writer);
      writer.doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
