import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The report's typeface, bundled through npm (dejavu-fonts-ttf) so that a fresh machine with
// no system fonts draws the same PDF: DejaVu Sans covers Spanish and «»–−·€▲▼ (docs/decisions.md §24.3).

const require = createRequire(import.meta.url);

export interface ReportFonts {
  regular: Buffer;
  bold: Buffer;
  condensed: Buffer;
  condensedBold: Buffer;
}

const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansCondensed.ttf', 'DejaVuSansCondensed-Bold.ttf'] as const;

/** The same four TTF files as paths, for renderers that load fonts by file (the heat-map PNG). */
export function reportFontFiles(): string[] {
  return FONT_FILES.map((name) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
}

let fonts: ReportFonts | null = null;

/** The TTF files, read once per process. */
export function reportFonts(): ReportFonts {
  if (!fonts) {
    const file = (name: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    fonts = {
      regular: file('DejaVuSans.ttf'),
      bold: file('DejaVuSans-Bold.ttf'),
      condensed: file('DejaVuSansCondensed.ttf'),
      condensedBold: file('DejaVuSansCondensed-Bold.ttf'),
    };
  }
  return fonts;
}
