import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerSharePage } from '../modules/reports/share-page.routes';
import { serverDir } from '../paths';

const defaultDist = path.join(serverDir, '../web/dist');

/**
 * index.html with the social-card image as an absolute address on APP_URL: link previews
 * (WhatsApp, LinkedIn, X) ignore a relative og:image, and the build cannot know the host.
 */
export function indexHtmlFor(html: string, appUrl: string): string {
  const origin = appUrl.replace(/\/+$/, '');
  return html.replace(/(<meta\s+(?:property="og:image"|name="twitter:image")\s+content=")\/(?!\/)/g, `$1${origin}/`);
}

/**
 * Addresses the app once had, and where they live now: bookmarks and old e-mails keep working,
 * with a permanent redirect that keeps the query (`/login?redirect=…` → `/signin?redirect=…`).
 */
const MOVED_PAGES: Readonly<Record<string, string>> = { '/login': '/signin' };

// Serves the built SPA with a history fallback: any non-API GET that is not a file gets
// index.html, so deep links work. /api/* keeps its JSON 404.
export async function registerStaticWeb(app: FastifyInstance, distDir = defaultDist) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web build not found: run `npm run build` (npm start does it)');
    return false;
  }
  const indexHtml = indexHtmlFor(readFileSync(indexFile, 'utf8'), app.container.config.appUrl);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  // The share page's own entry (docs/reports.md, "Share links"): headers of its own, see share-page.routes.ts.
  const shareFile = path.join(distDir, 'share.html');
  if (existsSync(shareFile)) registerSharePage(app, readFileSync(shareFile, 'utf8'));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const [urlPath = '/', query] = request.url.split(/\?(.*)/s);
    const moved = MOVED_PAGES[urlPath.replace(/\/+$/, '')];
    if (moved) return reply.redirect(query ? `${moved}?${query}` : moved, 301);
    // Existing files are routes of their own (wildcard: false); what reaches here is either
    // an API path, a missing asset, or a client-side route that gets the SPA.
    // /metrics too: with METRICS_TOKEN unset it does not exist, and must not look as if it did (plugins/metrics.ts).
    if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath === '/metrics' || /\.[a-z0-9]{1,8}$/i.test(urlPath)) {
      return reply.status(404).send({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
  return true;
}
