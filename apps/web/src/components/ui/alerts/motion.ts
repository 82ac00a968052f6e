import { ALERT_FADE_MS } from '@rankmaps/shared/constants';

/** The fade-out of docs/product.md §9 (300 ms), or none for people who asked the system for less motion. */
export function fadeDuration(): number {
  const reduced = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 0 : ALERT_FADE_MS;
}
