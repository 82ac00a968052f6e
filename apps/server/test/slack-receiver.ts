import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

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
  let requests = 0;
  let answer: ReceiverAnswer | null = null;
  let server: Server;

  const listen = (onPort: number) =>
    new Promise<Server>((resolve, reject) => {
      const handle = (req: IncomingMessage, res: ServerResponse) => {
        requests++;
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (answer && 'hang' in answer) return;
          if (answer && 'redirectTo' in answer) {
            res.writeHead(answer.status ?? 302, { location: answer.redirectTo }).end();
            return;
          }
          if (answer) {
            res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
            return;
          }
          const path = req.url ?? '/';
          if (!path.startsWith('/services/')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no_service');
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
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
      };
      const s: Server = opts.tls ? createTlsServer(opts.tls, handle) : createServer(handle);
      s.once('error', reject);
      s.listen(onPort, '127.0.0.1', () => resolve(s));
    });

  server = await listen(port);
  const boundPort = (server.address() as AddressInfo).port;
  let listening = true;

  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };

  return {
    port: boundPort,
    url: (path = '/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXXXXX', host = '127.0.0.1') =>
      `${opts.tls ? 'https' : 'http'}://${host}:${boundPort}${path}`,
    received,
    requests: () => requests,
    answerWith(next) {
      answer = next;
    },
    down: stop,
    async up() {
      if (listening) return;
      server = await listen(boundPort);
      listening = true;
    },
    close: stop,
  };
}
