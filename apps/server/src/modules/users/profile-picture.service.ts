import { randomBytes } from 'node:crypto';
import { PROFILE_PICTURE_MAX_BYTES, profilePictureInvalidMessage, profilePictureTooLargeMessage } from '@rankmaps/shared/schemas/profile';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { AVATAR_SIZE_PX, type ImageTarget, reencodeImage } from './avatar-image';

/** A picture as it arrived: its bytes (at most the limit plus a margin) and its name. */
export interface UploadedPicture {
  filename: string;
  data: Buffer;
  /** The upload went past the read limit, so `data` holds only its beginning. */
  truncated: boolean;
}

const AVATAR_FOLDER = 'avatars';
/** Names we generate: 128 random bits in hex. Anything else under /uploads/avatars is 404. */
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.webp$/;

/** The file name as the messages show it: plain text, no path, no markup, bounded. */
export function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const plain = base
    .replace(/<[^>]*>/g, '')
    .replace(/[\p{Cc}\p{Cf}<>"'`&]/gu, '')
    .trim();
  if (!plain) return 'seleccionado';
  return plain.length > 80 ? `${plain.slice(0, 77)}...` : plain;
}

/**
 * Checks and re-encodes an uploaded image; returns the new file's bytes. Refuses with the
 * profile photo's messages a file over 2 MB or one whose bytes are not an accepted image (an
 * SVG, with or without a script, is not one). Report logos use it too (docs/decisions.md §24.5).
 */
export async function checkedImage(upload: UploadedPicture, target: ImageTarget): Promise<Buffer> {
  const name = displayName(upload.filename);
  if (upload.truncated || upload.data.length > PROFILE_PICTURE_MAX_BYTES) throw badRequest(profilePictureTooLargeMessage(name), 'FILE_TOO_LARGE');
  const encoded = await reencodeImage(upload.data, target);
  if (!encoded) throw badRequest(profilePictureInvalidMessage(name), 'INVALID_IMAGE');
  return encoded;
}

/** Checks and re-encodes an upload, then stores it; returns its storage key. */
export async function storeProfilePicture(container: Pick<Container, 'storage'>, upload: UploadedPicture): Promise<string> {
  const webp = await checkedImage(upload, { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, format: 'webp' });
  const key = `${AVATAR_FOLDER}/${randomBytes(16).toString('hex')}.webp`;
  await container.storage.put(key, webp);
  return key;
}

/** Removes a stored picture that is no longer used. A failure only leaves an orphan file. */
export async function discardProfilePicture(container: Pick<Container, 'log' | 'storage'>, key: string): Promise<void> {
  try {
    await container.storage.delete(key);
  } catch (err) {
    container.log.warn({ err, key }, 'could not delete a profile picture file');
  }
}

/** The bytes of a stored picture, by the file name in its URL; undefined when unknown. */
export async function readProfilePicture(container: Pick<Container, 'storage'>, file: string): Promise<Buffer | undefined> {
  if (!AVATAR_FILE_PATTERN.test(file)) return undefined;
  return container.storage.get(`${AVATAR_FOLDER}/${file}`);
}
