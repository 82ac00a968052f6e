import { createRequire } from 'node:module';
import { reportFontFiles } from '../pdf/fonts';

// Every piece of text of the heat-map image as glyph outlines, so resvg renders paths and loads
// no font at all: shaping 625 <text> cell labels cost it ~300 ms a 25×25, and parsing the font
// files another ~55 ms a render. fontkit is pdfkit's own font engine (the PDF draws its text
// with it, from the same DejaVu files); it has no type declarations, so the little used of it
// is typed here.

interface Glyph {
  path: { toSVG(): string };
}
interface GlyphRun {
  glyphs: Glyph[];
  positions: { xAdvance: number; xOffset: number; yOffset: number }[];
}
interface Font {
  unitsPerEm: number;
  layout(text: string): GlyphRun;
}

const require = createRequire(import.meta.url);
const fontkit = require('fontkit') as { openSync(path: string): Font };

/** The faces the image writes in, by their index in reportFontFiles(). */
const FACES = { regular: 0, bold: 1, condensedBold: 3 } as const;
export type Face = keyof typeof FACES;

/** Text as SVG paths in font units (y up), and its advance width in font units. */
export interface Outline {
  svg: string;
  width: number;
}

const fonts = new Map<Face, Font>();
function font(face: Face): Font {
  let f = fonts.get(face);
  if (!f) {
    f = fontkit.openSync(reportFontFiles()[FACES[face]]!);
    fonts.set(face, f);
  }
  return f;
}

export const unitsPerEm = (face: Face) => font(face).unitsPerEm;

/** The outline of a text in a face. */
export function outlineOf(text: string, face: Face): Outline {
  const run = font(face).layout(text);
  let x = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const pos = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d) parts.push(`<path transform="translate(${x + pos.xOffset} ${pos.yOffset})" d="${d}"/>`);
    x += pos.xAdvance;
  });
  return { svg: parts.join(''), width: x };
}

const kept = new Map<string, Outline>();

/**
 * The outline of a text from a fixed, small set (cell labels, legend entries, data labels), kept
 * for the process. Never for a keyword or a business name: the set would grow without end.
 */
export function fixedOutline(text: string, face: Face): Outline {
  const key = `${face} ${text}`;
  let outline = kept.get(key);
  if (!outline) {
    outline = outlineOf(text, face);
    kept.set(key, outline);
  }
  return outline;
}

/** A cell label ('1'…'20', '+20', '×') in the condensed bold face. */
export const labelOutline = (text: string): Outline => fixedOutline(text, 'condensedBold');

/**
 * A line of text drawn at (x, baseline y) in `size` px: `anchor` start, middle or end like SVG's
 * text-anchor; `fixed` for a text of fixedOutline's set. Answers the SVG group and its width in px.
 */
export function textPaths(text: string, opts: { x: number; y: number; size: number; face: Face; fill: string; anchor?: 'start' | 'middle' | 'end'; fixed?: boolean }): { svg: string; width: number } {
  const outline = opts.fixed ? fixedOutline(text, opts.face) : outlineOf(text, opts.face);
  const k = opts.size / unitsPerEm(opts.face);
  const width = outline.width * k;
  const x = opts.anchor === 'middle' ? opts.x - width / 2 : opts.anchor === 'end' ? opts.x - width : opts.x;
  return { svg: `<g fill="${opts.fill}" transform="translate(${x.toFixed(2)} ${opts.y.toFixed(2)}) scale(${k.toFixed(5)} ${(-k).toFixed(5)})">${outline.svg}</g>`, width };
}
