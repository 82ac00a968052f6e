import { type Server, createServer } from 'node:http';
import type { Logger } from 'pino';
import { METRICS_UNAUTHORIZED, bearerMatches } from './bearer';
import { enableProcessMetrics, registry } from './metrics';

const json = (status: number, body: object) => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(body) });

/**
 * A worker's own /metrics (it has no Fastify): the same registry and token as the API's, on
 * METRICS_PORT (docs/operations.md "Metrics"). Answers GET /metrics only; anything else is 404.
 */
export async function startWorkerMetricsServer(opts: { port: number; host: string; token: string; log: Logger }): Promise<Server> {
  enableProcessMetrics();
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0];
      let answer: { status: number; type: string; body: string };
      if (path !== '/metrics') answer = json(404, { error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
      else if (req.method !== 'GET' && req.method !== 'HEAD') answer = json(405, { error: 'Método no permitido.', code: 'METHOD_NOT_ALLOWED' });
      else if (!bearerMatches(req.headers.authorization, opts.token)) answer = json(401, METRICS_UNAUTHORIZED);
      else {
        try {
          answer = { status: 200, type: registry.contentType, body: await registry.metrics() };
        } catch (err) {
          opts.log.error({ err }, 'no se pudieron reunir las métricas');
          answer = json(500, { error: 'No se pudieron reunir las métricas.', code: 'METRICS_FAILED' });
        }
      }
      const headers: Record<string, string> = { 'content-type': answer.type, 'cache-control': 'no-store' };
      if (answer.status === 401) headers['www-authenticate'] = 'Bearer realm="metrics"';
      if (answer.status === 405) headers.allow = 'GET, HEAD';
      res.writeHead(answer.status, headers).end(req.method === 'HEAD' ? undefined : answer.body);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
