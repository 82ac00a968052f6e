import type { Doc } from './layout';

// The brand's logo (every page's header) and the client's (the cover): parsed once by pdfkit so
// the PDF embeds each image a single time, and drawn fitted into a box.

/** A PNG pdfkit has parsed (its PDFImage), with the pixel size it read. */
export interface Logo {
  width: number;
  height: number;
}

/** A parsed PNG, or null: an unreadable logo leaves the name alone, never a failed report. */
export function openLogo(doc: Doc, png: Buffer | null): Logo | null {
  if (!png) return null;
  try {
    return (doc as unknown as { openImage(src: Buffer): Logo }).openImage(png);
  } catch {
    return null;
  }
}

/** Draws the logo within `box` (width, height) at x, y, centred vertically; returns the width it took. */
export function drawLogo(doc: Doc, logo: Logo, x: number, y: number, box: [number, number]): number {
  doc.image(logo as unknown as PDFKit.Mixins.ImageSrc, x, y, { fit: box, valign: 'center' });
  return Math.min(box[0], (logo.width / logo.height) * box[1]);
}
