import sharp from 'sharp';

/** Formats accepted as profile pictures, as detected from the bytes (AVIF shows as HEIF/AV1). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
export const AVATAR_SIZE_PX = 512;
/** Decoding larger images is refused: a small file can expand into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

/** What an accepted image becomes: its bounding box (never enlarged) and its format. */
export interface ImageTarget {
  width: number;
  height: number;
  format: 'webp' | 'png';
}

/**
 * Re-encodes an uploaded image into a clean file of `target`, or returns null when the
 * bytes are not an accepted image. The name and MIME type the client sent are never consulted.
 * Decoding and encoding again keeps only the pixels: EXIF (GPS included), XMP, ICC
 * profiles, comments and anything appended to the file (an HTML payload, a ZIP archive)
 * are left behind. The EXIF orientation is applied first, so the picture stays upright.
 * Profile pictures and report logos (docs/decisions.md §24.5) both go through here.
 */
export async function reencodeImage(data: Buffer, target: ImageTarget): Promise<Buffer | null> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  try {
    const meta = await sharp(data, options).metadata();
    const accepted = ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression === 'av1');
    if (!accepted) return null;
    const image = sharp(data, options).rotate().resize(target.width, target.height, { fit: 'inside', withoutEnlargement: true });
    return await (target.format === 'webp' ? image.webp({ quality: 82 }) : image.png({ compressionLevel: 9 })).toBuffer();
  } catch {
    // Unreadable, truncated, too many pixels, or not an image at all.
    return null;
  }
}
