import { THRESHOLD_MAX, THRESHOLD_MIN } from '@rankmaps/shared/schemas/notifications';

/** "9+" past nine: the bell's badge stays one or two characters wide. */
export const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/** A threshold as typed: a whole number 1–100, or 'invalid' (the message under the field). */
export function thresholdError(raw: string): 'invalid' | null {
  if (!/^\d+$/.test(raw.trim())) return 'invalid';
  const n = Number(raw);
  return n >= THRESHOLD_MIN && n <= THRESHOLD_MAX ? null : 'invalid';
}
