export type StatusTone = 'success' | 'error';

/**
 * The profile's rule (docs/product.md §4): a message that contains the word 'Error' is an error.
 * A message the caller already knows to be an error (a server refusal worded without
 * that word) stays one.
 */
export function statusTone(text: string, known?: StatusTone): StatusTone {
  if (known === 'error' || /\bError\b/.test(text)) return 'error';
  return 'success';
}
