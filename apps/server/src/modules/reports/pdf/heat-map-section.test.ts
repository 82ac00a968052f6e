import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSITION_BANDS, POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS } from '@rankmaps/shared/metrics/bands';
import { buildAnalysisScopeReport } from '../../../../test/report-fixtures';
import { renderReportPdf } from './render-report-pdf';

/** Every fill colour set in the PDF's content streams (`r g b scn`, or `rg`), in drawing order, as #rrggbb. */
function fillColours(pdf: Buffer): string[] {
  const colours: string[] = [];
  const text = pdf.toString('latin1');
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated content stream (a font, an image)
    }
    for (const op of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|scn)\b/g)) {
      colours.push(`#${[op[1], op[2], op[3]].map((v) => Math.round(Number(v) * 255).toString(16).padStart(2, '0')).join('')}`);
    }
  }
  return colours;
}

describe('the PDF heat map', () => {
  let colours: string[];
  beforeAll(async () => {
    colours = fillColours(await renderReportPdf(buildAnalysisScopeReport(), { logoPng: null }));
  });

  it('fills its cells with the position scale, every band of it', () => {
    for (const band of POSITION_BANDS) expect(colours, band).toContain(POSITION_BAND_COLORS[band]);
  });

  it("writes each cell's number in its band's text colour: dark on the light fills, white on the dark ones", () => {
    // A cell is its fill, then its number's colour; the legend's swatches are followed by the ink of their words.
    const followers = new Map<string, Map<string, number>>();
    colours.forEach((c, i) => {
      const band = POSITION_BANDS.find((b) => POSITION_BAND_COLORS[b] === c);
      if (!band || i + 1 >= colours.length) return;
      const next = followers.get(band) ?? new Map<string, number>();
      next.set(colours[i + 1]!, (next.get(colours[i + 1]!) ?? 0) + 1);
      followers.set(band, next);
    });
    for (const band of POSITION_BANDS) {
      const next = followers.get(band)!;
      const [mostOften] = [...next.entries()].sort((a, b) => b[1] - a[1])[0]!;
      expect(mostOften, band).toBe(POSITION_BAND_TEXT_COLORS[band]);
      if (POSITION_BAND_TEXT_COLORS[band] !== '#ffffff') expect(next.get('#ffffff') ?? 0, `white on ${band}`).toBe(0);
    }
  });
});
