import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `s` has a UUID's shape: ids of any other shape are answered as not found before any query. */
export const isUuid = (s: string): boolean => UUID.test(s);

/**
 * A UUID derived from `seed` (SHA-256, laid out as an RFC 9562 version 8 UUID): the same
 * however often it is computed, so a job run twice names the same thing twice.
 */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
