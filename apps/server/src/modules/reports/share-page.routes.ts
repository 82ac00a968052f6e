import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, routeKit } from '../../plugins/route-kit';
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
  const route = routeKit(app, { tags: ['informes'] });
  // Any string: the page is the same for every token, and only its framing depends on the link.
  route.get('/informe/:token', { operationId: 'openSharePage', summary: 'La página de un enlace público de informe', description: 'El HTML de la página, sin el informe (lo trae GET /api/share/{token}). Siempre 200: un token que no abre nada recibe la misma página, que no puede insertarse en ningún sitio.', access: access.public, params: z.object({ token: z.string() }), answer: { download: 'text/html', description: 'La página del informe compartido.' } }, async (request, reply) => {
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
