import type { FastifyInstance } from 'fastify';
import { rateLimitPolicy } from '../rate-limits/policy';
import { SHARED_REPORT_HEADERS } from './share-links.routes';
import { liveLinkOf } from './share-links.service';

/** The CSP with its frame-ancestors set to the link's embed origins ('none' without any). */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  const value = `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`;
  return /frame-ancestors [^;]*/.test(csp) ? csp.replace(/frame-ancestors [^;]*/, value) : `${csp};${value}`;
}

/**
 * /informe/{token}: the share page's own small HTML (share.html, built by Vite as a second
 * entry), never indexed, never cached, sending no referrer, and framable only by the origins
 * the owner allowed (docs/decisions.md §24.4). The report itself comes from GET /api/share/{token}.
 * Looking the link up here counts against the same per-address budget as the API (under its
 * own name); past it the page is still served, framable by nobody.
 */
export function registerSharePage(app: FastifyInstance, html: string): void {
  const limit = rateLimitPolicy.shareView(app.container.config);
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => `share-page\u0000${request.ip}`,
    allowList: [],
  });
  app.get<{ Params: { token: string } }>('/informe/:token', { schema: { hide: true } }, async (request, reply) => {
    const counted = await count(request);
    const allowed = counted.isAllowed || !counted.isExceeded;
    const link = allowed ? await liveLinkOf(app.container, request.params.token) : undefined;
    const origins = link?.embedOrigins ?? [];
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header('content-security-policy', withFrameAncestors(csp, origins));
    // X-Frame-Options knows no list of origins: with any allowed, the CSP alone decides.
    if (origins.length) reply.removeHeader('x-frame-options');
    reply.headers({ ...SHARED_REPORT_HEADERS, 'x-robots-tag': 'noindex, nofollow' });
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
