import { cpus, loadavg, totalmem } from 'node:os';
import type { CreatedWebhook } from '@rankmaps/shared/schemas/webhooks';
import { startWorkers } from '../apps/server/src/jobs/start-workers';
import { emitWebhookEvent } from '../apps/server/src/modules/webhooks/webhook-events.service';
import { startWebhookReceiver } from '../apps/server/test/webhook-receiver';
import { round, runWhenAlone } from './lib';
import { openScanEnv, subscribedUser } from './scan-env';

// Webhook delivery (issue 19, docs/webhooks.md): 1,000 events made as the app makes them
// (a delivery row and its first attempt's job per event, in batches of 100 per transaction),
// delivered by the real pg-boss workers (as startWorkers registers them) to a local receiver
// that verifies every signature. Asserts each delivery arrived exactly once, and records the
// time from the first event to the last delivery, and deliveries per second.

const EVENTS = 1000;
const BATCH = 100;

export async function benchWebhookDelivery(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl });
  const receiver = await startWebhookReceiver();
  try {
    const { app, container } = env;
    const { user, headers: session } = await subscribedUser(env, 'pro_agency');
    const made = await app.inject({ method: 'POST', url: '/api/webhooks', headers: session, payload: { url: receiver.url('/bench'), events: ['analysis.completed'] } });
    if (made.statusCode !== 201) throw new Error(`endpoint: ${made.statusCode} ${made.body}`);
    receiver.useSecret(made.json<CreatedWebhook>().secret);
    await startWorkers(container);

    const db = container.database.db;
    const t0 = performance.now();
    for (let b = 0; b < EVENTS / BATCH; b++) {
      await db.transaction(async (tx) => {
        for (let i = b * BATCH; i < (b + 1) * BATCH; i++) {
          await emitWebhookEvent(container, tx, { userId: user.id, type: 'analysis.completed', key: `bench:${user.id}:${i}`, data: { analysis: { id: String(i) } } });
        }
      });
    }
    const queuedMs = performance.now() - t0;
    const deadline = Date.now() + 600_000;
    while (receiver.received.length < EVENTS) {
      if (Date.now() > deadline) throw new Error(`only ${receiver.received.length} of ${EVENTS} delivered in 10 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const totalMs = performance.now() - t0;
    // Nothing more may arrive: every delivery exactly once.
    await new Promise((r) => setTimeout(r, 3000));
    const counts = receiver.perDelivery();
    const events = new Set(receiver.received.map((r) => r.body.id));
    if (receiver.received.length !== EVENTS || counts.size !== EVENTS || events.size !== EVENTS || [...counts.values()].some((n) => n !== 1))
      throw new Error(`not exactly once: ${receiver.received.length} requests, ${counts.size} deliveries, ${events.size} events`);
    if (!receiver.received.every((r) => r.verified)) throw new Error('a signature did not verify');
    return {
      name: `webhook delivery: ${EVENTS} events to a local receiver through pg-boss and the real workers (${opts.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      machine: { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30) },
      loadAverage: loadavg().map((l) => round(l, 2)),
      events: EVENTS,
      deliveredExactlyOnce: true,
      queuedMs: Math.round(queuedMs),
      totalMs: Math.round(totalMs),
      deliveriesPerSecond: round(EVENTS / (totalMs / 1000)),
    };
  } finally {
    await receiver.close();
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchWebhookDelivery);
