export { renderReportPdf, type ReportPdfAssets } from './render-report-pdf';
