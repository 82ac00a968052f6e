import { createServer, type IncomingHttpHeaders } from 'node:http';
import { verifyWebhookSignature } from '../src/modules/webhooks/webhook-signature';
import { restartableServer } from './local-server';
import { scriptedReceiver } from './slack-receiver';

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
  let secret = '';
  const scripted = scriptedReceiver((req, res, body) => {
    const raw = body.toString('utf8');
    const verified = verifyWebhookSignature(req.headers['rankmaps-signature'] as string | undefined, raw, secret);
    if (!verified) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad signature');
    received.push({ headers: req.headers, raw, body: JSON.parse(raw) as ReceivedEvent['body'], verified, delivery: String(req.headers['rankmaps-delivery']) });
    res.writeHead(204).end();
  });
  const server = await restartableServer(() => createServer(scripted.handle), port);
  const boundPort = server.port;
  return {
    port: boundPort,
    url: (path = '/hooks/rankmaps') => `http://127.0.0.1:${boundPort}${path}`,
    received,
    requests: scripted.requests,
    /** The endpoint's secret, which signatures are verified with. */
    useSecret(s: string) {
      secret = s;
    },
    answerWith: scripted.answerWith,
    /** How many times each delivery id was accepted. */
    perDelivery() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.delivery, (counts.get(r.delivery) ?? 0) + 1);
      return counts;
    },
    down: server.down,
    up: server.up,
    close: server.close,
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
