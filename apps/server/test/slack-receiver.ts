import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { restartableServer } from './local-server';

/** A message the receiver accepted. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body as sent. */
  body: { text: string; blocks?: unknown[] } & Record<string, unknown>;
  at: Date;
}

/** How the receiver answers the next requests, instead of Slack's `200 ok`. */
export type ReceiverAnswer =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { redirectTo: string; status?: 301 | 302 | 307 | 308 }
  /** Accepts the connection and never answers (a hung server). */
  | { hang: true };

/**
 * The part of a local receiver that tests script: it counts the requests, answers as told by
 * `answerWith` (or hangs), and otherwise hands each request and its whole body to `accept`.
 */
export function scriptedReceiver(accept: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void) {
  let requests = 0;
  let answer: ReceiverAnswer | null = null;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (answer && 'hang' in answer) return;
      if (answer && 'redirectTo' in answer) return void res.writeHead(answer.status ?? 302, { location: answer.redirectTo }).end();
      if (answer) return void res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
      accept(req, res, Buffer.concat(chunks));
    });
  };
  return {
    handle,
    requests: () => requests,
    answerWith(next: ReceiverAnswer | null) {
      answer = next;
    },
  };
}

export interface SlackReceiver {
  port: number;
  /** A Slack-shaped webhook URL on this receiver (http, or https with `tls`; host 127.0.0.1 unless given). */
  url(path?: string, host?: string): string;
  /** Every message accepted (answered 200 `ok`), in order. */
  received: ReceivedWebhook[];
  /** Requests that reached the receiver, refused ones included. */
  requests(): number;
  /** Answers every later request with `answer` (null: accept again). */
  answerWith(answer: ReceiverAnswer | null): void;
  /** Stops listening: connections are refused, as with a receiver that is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local Slack-compatible incoming-webhook receiver on 127.0.0.1 (real HTTP), for tests and
 * development. Like Slack it answers `200 ok` to a JSON body with a `text`, `400
 * invalid_payload` to anything else, and `404 no_service` outside `/services/…`. It can be told
 * to answer otherwise (`answerWith`), or be down and then up again on the same port. With
 * `tls` it speaks https with that certificate (test/fixtures/tls has one for `receiver.test`).
 */
export async function startSlackReceiver(
  port = 0,
  opts: { onReceived?: (message: ReceivedWebhook) => void; tls?: { key: string | Buffer; cert: string | Buffer } } = {},
): Promise<SlackReceiver> {
  const received: ReceivedWebhook[] = [];
  const scripted = scriptedReceiver((req, res, raw) => {
    const path = req.url ?? '/';
    if (!path.startsWith('/services/')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no_service');
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      body = undefined;
    }
    const text = (body as { text?: unknown } | undefined)?.text;
    if (!String(req.headers['content-type']).startsWith('application/json') || typeof text !== 'string' || text === '') {
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
    }
    const message: ReceivedWebhook = { path, headers: req.headers, body: body as ReceivedWebhook['body'], at: new Date() };
    received.push(message);
    opts.onReceived?.(message);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  const server = await restartableServer(() => (opts.tls ? createTlsServer(opts.tls, scripted.handle) : createServer(scripted.handle)), port);
  const boundPort = server.port;
  return {
    port: boundPort,
    url: (path = '/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXXXXX', host = '127.0.0.1') =>
      `${opts.tls ? 'https' : 'http'}://${host}:${boundPort}${path}`,
    received,
    requests: scripted.requests,
    answerWith: scripted.answerWith,
    down: server.down,
    up: server.up,
    close: server.close,
  };
}
