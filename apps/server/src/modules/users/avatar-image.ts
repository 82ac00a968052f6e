import sharp from 'sharp';

/** Formats accepted as profile pictures, as detected from the bytes (AVIF shows as HEIF/AV1). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
export const AVATAR_SIZE_PX = 512;
/** Decoding larger images is refused: a small file can expand into gigabytes of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded picture into a clean WebP, or returns null when the bytes are
 * not an accepted image. The name and MIME type the client sent are never consulted.
 * Decoding and encoding again keeps only the pixels: EXIF (GPS included), XMP, ICC
 * profiles, comments and anything appended to the file (an HTML payload, a ZIP archive)
 * are left behind. The EXIF orientation is applied first, so the picture stays upright.
 */
export async function reencodeAvatar(data: Buffer): Promise<Buffer | null> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  try {
    const meta = await sharp(data, options).metadata();
    const accepted = ACCEPTED_FORMATS.has(meta.format) || (meta.format === 'heif' && meta.compression === 'av1');
    if (!accepted) return null;
    return await sharp(data, options)
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Unreadable, truncated, too many pixels, or not an image at all.
    return null;
  }
}
