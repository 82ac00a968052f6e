import type { FastifyInstance } from 'fastify';
import { METRICS_UNAUTHORIZED, bearerMatches } from '../metrics/bearer';
import { bindBacklog } from '../metrics/backlog';
import { observeRequest } from '../metrics/http-metrics';
import { enableProcessMetrics, registry } from '../metrics/metrics';

/**
 * GET /metrics in the Prometheus text format, behind `Authorization: Bearer <METRICS_TOKEN>`
 * (docs/operations.md "Metrics"). Without the token it is not registered at all: 404, as any
 * unknown path, and no per-request hook. It is not an API route: no session, no API key, no
 * JSON, not in the OpenAPI references, so it is declared here and not through the route kit
 * (docs/architecture.md, «Declaring a route»). Register before the routes it measures.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { token } = app.container.config.metrics;
  if (!token) return;
  enableProcessMetrics();
  const unbind = bindBacklog(app.container.database.db);
  app.addHook('onClose', (_app, done) => {
    unbind();
    done();
  });
  // The hot path: one counter and one histogram per request, after the answer is sent.
  app.addHook('onResponse', (request, reply, done) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send(METRICS_UNAUTHORIZED);
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}
