import type { ChangeVerdict } from '@rankmaps/shared/figures';

// The page geometry, palette and font names every part of the report PDF draws with, kept in
// one place so that the sections line up and a colour changes everywhere at once.

export type Doc = PDFKit.PDFDocument;

/** A4 portrait, in points. */
export const PAGE = { width: 595.28, height: 841.89 };
/** The top and bottom margins leave room for the brand's header and footer (page-chrome.ts). */
export const MARGIN = { top: 78, bottom: 70, left: 48, right: 48 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The lowest y content may reach before a page break. */
export const BOTTOM = PAGE.height - MARGIN.bottom;

/** The palette: the brand's accent (ReportWriter) is the only colour that varies. */
export const COLOR = {
  ink: '#0f172a',
  /** Secondary text, unchanged figures. */
  muted: '#475569',
  faint: '#94a3b8',
  /** Table rules and box outlines. */
  rule: '#e2e8f0',
  zebra: '#f8fafc',
  better: '#15803d',
  worse: '#b91c1c',
  /** The data label's badge and note (simulated or approximated figures). */
  labelBg: '#fef3c7',
  labelInk: '#92400e',
  /** A grid point whose search failed. */
  failedFill: '#d4d4d8',
} as const;

/** The names the bundled DejaVu faces are registered under (fonts.ts). */
export const F = { regular: 'body', bold: 'body-bold', cond: 'cond', condBold: 'cond-bold' } as const;

/** Green for a change that is better for the business, red for worse, grey otherwise (changeText's verdict). */
export function verdictColor(verdict: ChangeVerdict | null): string {
  return verdict === 'better' ? COLOR.better : verdict === 'worse' ? COLOR.worse : COLOR.muted;
}
