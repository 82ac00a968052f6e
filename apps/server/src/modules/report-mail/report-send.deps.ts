import { renderReportPdf } from '../reports/pdf';
import { reportLogoFor } from '../reports/report-brand';
import { buildPlaceReport } from '../reports/report-builder.service';
import type { ReportSendDeps } from './report-send.service';

/**
 * The report pieces the report-email job uses in production: the place report's builder, the
 * PDF renderer with the brand's logo, and the share links.
 */
export const reportSendDeps: ReportSendDeps = {
  buildPlaceReport: (container, ownerId, placeId) => buildPlaceReport(container, ownerId, placeId),
  renderPdf: (report, opts) => renderReportPdf(report, { logoPng: opts.logoPng }),
  logoFor: (container, userId) => reportLogoFor(container, userId),
  async createShareLink() {
    throw new Error('share links are not available yet');
  },
};
