import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { quietRequestLogController, registerRequestLog } from './request-log';

describe('registerRequestLog', () => {
  it('when a request ends, then one line names its route pattern, status and time, never the URL with its token', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
        cb();
      },
    });
    // Typed as Fastify's logger, as app.ts does, so the instance keeps Fastify's default type.
    const logger: FastifyBaseLogger = pino({ level: 'info' }, sink);
    const app = Fastify({ loggerInstance: logger, logController: quietRequestLogController() });
    registerRequestLog(app);
    app.get('/api/auth/reset-password/:token', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/secreto-123?x=otro-secreto' });
    await app.inject({ method: 'GET', url: '/no-existe' });
    await app.close();
    // Only ours: Fastify's "incoming request" and "request completed" are off.
    expect(lines.map((l) => l.msg)).toEqual(['request', 'request']);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: 'GET', route: '/api/auth/reset-password/:token', status: 200 });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(requests[1]).toMatchObject({ route: '(sin ruta)', status: 404 });
    expect(JSON.stringify(lines)).not.toMatch(/secreto/);
  });
});
