import type { Report } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { asciiSlug, isoDateIn } from '../../lib/csv';
import { renderReportPdf } from './pdf';
import { reportPdfAssetsFor } from './report-brand';
import { buildAnalysisReport, buildKeywordReport, buildPlaceReport } from './report-builder.service';

export type ReportPdfScope = Report['scope'];

export interface ReportPdfFile {
  /** ASCII, so the Content-Disposition header needs no encoding: informe-<negocio>-<keyword>-<fecha>.pdf. */
  filename: string;
  content: Buffer;
}

type PdfContainer = Container;

/** The name a downloaded report gets: the business, the keyword when there is one, and the day in the place's time zone. */
export function reportPdfFilename(report: Report): string {
  const timeZone = report.scope === 'analysis' ? report.analysis.timeZone : report.scope === 'keyword' ? (report.latest?.timeZone ?? 'Europe/Madrid') : (report.keywords[0]?.timeZone ?? 'Europe/Madrid');
  const keyword = report.scope === 'analysis' ? report.analysis.keyword : report.scope === 'keyword' ? report.keyword : null;
  const parts = [asciiSlug(report.place.name, 'negocio', 40), keyword === null ? null : asciiSlug(keyword, 'keyword', 40), isoDateIn(new Date(report.generatedAt), timeZone)];
  return `informe-${parts.filter((p) => p !== null).join('-')}.pdf`;
}

/**
 * Builds one of the owner's reports and draws it as a PDF (docs/reports.md, "PDF"), signed with
 * the owner's brand and logo, and its client's logo when it has one. The same refusals as the report itself: another user's or a
 * missing id → 404, an analysis not completed → 400.
 */
export async function reportPdfFor(container: PdfContainer, ownerId: string, scope: ReportPdfScope, id: string): Promise<ReportPdfFile> {
  const report = scope === 'analysis' ? await buildAnalysisReport(container, ownerId, id) : scope === 'keyword' ? await buildKeywordReport(container, ownerId, id) : await buildPlaceReport(container, ownerId, id);
  return { filename: reportPdfFilename(report), content: await renderReportPdf(report, await reportPdfAssetsFor(container, ownerId, report)) };
}
