import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../src/modules/webhooks/webhook-signature';
import type { ReceiverAnswer } from './slack-receiver';

/** An event the receiver accepted (answered 2xx). */
export interface ReceivedEvent {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
  /** Whether RankMaps-Signature verified with the secret the receiver was given. */
  verified: boolean;
  delivery: string;
}

/**
 * A local receiver of RankMaps' own webhook events on 127.0.0.1 (real HTTP), for tests, the
 * benchmark and development. It VERIFIES each request's signature with the secret it is given
 * (`useSecret`), as docs/webhooks.md tells receivers to, and records what it accepted. Like
 * test/slack-receiver.ts it can answer otherwise (`answerWith`), or be down and then up.
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedEvent[] = [];
  let requests = 0;
  let answer: ReceiverAnswer | null = null;
  let secret = '';
  let server: Server;
  let listening = false;
  const listen = (onPort: number) =>
    new Promise<Server>((resolve, reject) => {
      const s = createServer((req, res) => {
        requests++;
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (answer && 'hang' in answer) return;
          if (answer && 'redirectTo' in answer) return void res.writeHead(answer.status ?? 302, { location: answer.redirectTo }).end();
          if (answer) return void res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
          const raw = Buffer.concat(chunks).toString('utf8');
          const verified = verifyWebhookSignature(req.headers['rankmaps-signature'] as string | undefined, raw, secret);
          if (!verified) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad signature');
          received.push({ headers: req.headers, raw, body: JSON.parse(raw) as ReceivedEvent['body'], verified, delivery: String(req.headers['rankmaps-delivery']) });
          res.writeHead(204).end();
        });
      });
      s.once('error', reject);
      s.listen(onPort, '127.0.0.1', () => resolve(s));
    });
  server = await listen(port);
  listening = true;
  const boundPort = (server.address() as AddressInfo).port;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    port: boundPort,
    url: (path = '/hooks/rankmaps') => `http://127.0.0.1:${boundPort}${path}`,
    received,
    requests: () => requests,
    /** The endpoint's secret, which signatures are verified with. */
    useSecret(s: string) {
      secret = s;
    },
    answerWith(next: ReceiverAnswer | null) {
      answer = next;
    },
    /** How many times each delivery id was accepted. */
    perDelivery() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.delivery, (counts.get(r.delivery) ?? 0) + 1);
      return counts;
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
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
