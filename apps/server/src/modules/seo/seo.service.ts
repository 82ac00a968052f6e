// What search engines may crawl. The SPA's public pages are listed here once; the robots
// rules keep crawlers out of the API and of the screens that need an account.

/** Public, indexable pages of the SPA (/home and /subscription duplicate / and /pricing). */
export const PUBLIC_PAGES = [
  '/',
  '/como-funciona',
  '/pricing',
  '/faq',
  '/contact',
  '/buy-credits',
  '/legal/privacy',
  '/legal/cookie',
  '/legal/terms',
  '/legal/notice',
] as const;

/** Protected screens and technical paths that crawlers should skip. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/rankmap',
  '/cartera',
  '/clientes',
  '/estadisticas',
  '/reviews',
  '/profile',
  '/support',
  '/operator',
  '/new-place',
  '/edit-matrix/',
  '/subscription/success',
  '/email-verification',
  '/confirm-email/',
  '/reset-password/',
  '/dev/',
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** A sitemaps.org urlset with absolute URLs under the app's public URL. */
export function buildSitemap(appUrl: string): string {
  const base = appUrl.replace(/\/$/, '');
  const urls = PUBLIC_PAGES.map((page) => {
    const priority = page === '/' ? '1.0' : page.startsWith('/legal/') ? '0.3' : '0.8';
    return `  <url>\n    <loc>${escapeXml(`${base}${page}`)}</loc>\n    <priority>${priority}</priority>\n  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function buildRobots(appUrl: string): string {
  const base = appUrl.replace(/\/$/, '');
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}
