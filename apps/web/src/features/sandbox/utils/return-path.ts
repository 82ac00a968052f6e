import { paths } from '@/lib/paths';

/**
 * The portal's `return` parameter as a path of this site. The provider hands an absolute
 * URL of the app; only its path is kept, so the link can never lead to another site.
 */
export function returnPath(raw: string | null, fallback = paths.profile.getHref()): string {
  if (!raw) return fallback;
  try {
    const url = new URL(raw, 'http://app.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/') && !path.startsWith('//') ? path : fallback;
  } catch {
    return fallback;
  }
}
