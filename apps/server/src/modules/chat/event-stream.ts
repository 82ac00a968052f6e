import type { FastifyReply, FastifyRequest } from 'fastify';
import { chatStreams } from '../../metrics/metrics';

/**
 * A Server-Sent Events response written by hand on the raw socket (docs/decisions.md §27.2):
 * `id:` lines carry message numbers for Last-Event-ID, `data:` is one line of JSON (JSON never
 * holds a raw line break), comment lines are the heartbeats.
 */
export interface EventStream {
  send(event: string, data: unknown, id?: number): void;
  comment(text: string): void;
  close(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

/** Whether the caller asked for a stream (EventSource and the SPA send Accept: text/event-stream). */
export const wantsEventStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** The last message the client saw: Last-Event-ID first (what EventSource sends), then ?after=. */
export function lastEventIdOf(request: FastifyRequest, after: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const value = typeof header === 'string' && /^\d{1,9}$/.test(header.trim()) ? Number(header.trim()) : undefined;
  return value ?? after;
}

export function openEventStream(request: FastifyRequest, reply: FastifyReply, retryMs: number): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must pass events as they come, not buffer them.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  res.flushHeaders();
  let closed = false;
  const listeners: (() => void)[] = [];
  chatStreams.inc();
  const finish = () => {
    if (closed) return;
    closed = true;
    chatStreams.dec();
    for (const l of listeners) l();
  };
  request.raw.on('close', finish);
  res.on('close', finish);
  res.on('error', finish);
  const write = (chunk: string) => {
    if (!closed) res.write(chunk);
  };
  write(`retry: ${retryMs}\n\n`);
  return {
    send(event, data, id) {
      write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text}\n\n`);
    },
    close() {
      if (!closed) res.end();
      finish();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      listeners.push(listener);
    },
  };
}
