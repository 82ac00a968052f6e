import { renderReportPdf } from '../reports/pdf';
import { reportLogoFor } from '../reports/report-brand';
import type { ReportSendDeps } from './report-send.service';

/**
 * The report pieces the report-email job uses in production: the place report's builder, the
 * PDF renderer with the brand's logo, and the share links.
 */
export const reportSendDeps: ReportSendDeps = {
  async buildPlaceReport() {
    throw new Error('the place report builder is not available yet');
  },
  renderPdf: (report, opts) => renderReportPdf(report, { logoPng: opts.logoPng }),
  logoFor: (container, userId) => reportLogoFor(container, userId),
  async createShareLink() {
    throw new Error('share links are not available yet');
  },
};
