import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSlackReceiver, type SlackReceiver } from '../../../test/slack-receiver';
import type { ResolvedAddress, WebhookPolicy } from './policy';
import { nextWebhookAttempt, type WebhookRetryPolicy } from './retry-schedule';
import { escapeSlackText, redactWebhookUrl, sendWebhook, webhookLogFields, type SlackMessage } from './send-webhook';
import type { WebhookOutcome } from './webhook-outcome';

// Real HTTP against a local Slack-compatible receiver. Host names resolve through an injected
// table, so nothing here touches the network.
const local = (address: string): ResolvedAddress[] => [{ address, family: address.includes(':') ? 6 : 4 }];
const tests: WebhookPolicy = { allowPrivateTargets: true, resolve: async (host) => (host === 'receiver.test' ? local('127.0.0.1') : []) };
const production: WebhookPolicy = { allowPrivateTargets: false, resolve: tests.resolve };
const quick: WebhookRetryPolicy = { maxAttempts: 6, baseDelayMs: 20, jitter: 0.2, maxDelayMs: 200 };

const message: SlackMessage = {
  text: 'GeoRank de «Café Sol» bajó 12 puntos',
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Café Sol*: GeoRank 64 → 52' } }],
};

/** What a delivery job does: one attempt, then the next after the schedule's wait, until it says stop. */
async function deliverWithRetries(url: string, policy: WebhookPolicy, onOutcome?: (o: WebhookOutcome) => void): Promise<WebhookOutcome[]> {
  const outcomes: WebhookOutcome[] = [];
  for (let attempt = 1; ;) {
    const outcome = await sendWebhook(url, message, { policy, timeoutMs: 2000 });
    outcomes.push(outcome);
    onOutcome?.(outcome);
    const next = nextWebhookAttempt(outcome, attempt, { policy: quick });
    if (!next.retry) return outcomes;
    await new Promise((r) => setTimeout(r, next.delayMs));
    attempt = next.attempt;
  }
}

let receiver: SlackReceiver;
beforeEach(async () => {
  receiver = await startSlackReceiver();
});
afterEach(async () => {
  await receiver.close();
});

describe('sendWebhook', () => {
  it("delivers Slack's payload, JSON with text and blocks, once", async () => {
    const outcome = await sendWebhook(receiver.url(), message, { policy: tests });
    expect(outcome).toMatchObject({ kind: 'delivered', status: 200 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.body).toEqual({ text: message.text, blocks: message.blocks });
    expect(receiver.received[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(receiver.received[0]!.path).toBe('/services/T0000000/B0000000/XXXXXXXXXXXXXXXXXXXXXXXX');
  });

  it('sends text alone when there are no blocks', async () => {
    await sendWebhook(receiver.url(), { text: 'Análisis terminado' }, { policy: tests });
    expect(receiver.received[0]!.body).toEqual({ text: 'Análisis terminado' });
  });

  it('refuses a message without text before any request', async () => {
    expect(await sendWebhook(receiver.url(), { text: '  ' }, { policy: tests })).toMatchObject({
      kind: 'permanent',
      reason: 'invalid-payload',
    });
    expect(receiver.requests()).toBe(0);
  });

  it('a receiver answering 500, then up: delivered once, after a retry', async () => {
    receiver.answerWith({ status: 500, body: 'internal_error' });
    const delivering = deliverWithRetries(receiver.url(), tests);
    await expect.poll(() => receiver.requests(), { timeout: 5000, interval: 5 }).toBeGreaterThanOrEqual(2);
    receiver.answerWith(null);
    const outcomes = await delivering;
    expect(outcomes.at(-1)).toMatchObject({ kind: 'delivered' });
    expect(outcomes.slice(0, -1).every((o) => o.kind === 'retryable' && o.reason === 'server-error')).toBe(true);
    expect(receiver.received).toHaveLength(1);
  });

  it('a receiver down, then up: each delivery once', async () => {
    await receiver.down();
    const down = await sendWebhook(receiver.url(), message, { policy: tests });
    expect(down).toMatchObject({ kind: 'retryable', reason: 'network', detail: 'ECONNREFUSED' });
    let refused = 0;
    const count = (o: WebhookOutcome) => void (o.kind === 'retryable' && refused++);
    const deliveries = ['one', 'two'].map((id) => deliverWithRetries(receiver.url(`/services/T1/B1/${id}`), tests, count));
    // Both have failed at least once against the receiver that is down.
    await expect.poll(() => refused, { timeout: 5000, interval: 5 }).toBeGreaterThanOrEqual(2);
    await receiver.up();
    const [one, two] = await Promise.all(deliveries);
    expect(one!.at(-1)).toMatchObject({ kind: 'delivered' });
    expect(two!.at(-1)).toMatchObject({ kind: 'delivered' });
    expect(receiver.received.map((m) => m.path).sort()).toEqual(['/services/T1/B1/one', '/services/T1/B1/two']);
  });

  it('404 fails for good and is not retried', async () => {
    const outcomes = await deliverWithRetries(receiver.url('/hooks/gone'), tests);
    expect(outcomes).toEqual([
      expect.objectContaining({
        kind: 'permanent',
        reason: 'rejected',
        status: 404,
        detail: 'no_service',
        message: 'El webhook rechazó el mensaje (404: no_service). Revisa la URL o crea una nueva en Slack.',
      }),
    ]);
    expect(receiver.requests()).toBe(1);
  });

  it('a receiver that keeps failing is given up after the last attempt', async () => {
    receiver.answerWith({ status: 503 });
    const outcomes = await deliverWithRetries(receiver.url(), tests);
    expect(outcomes).toHaveLength(6);
    expect(receiver.requests()).toBe(6);
  });

  it('429 carries Retry-After, which the schedule honours', async () => {
    receiver.answerWith({ status: 429, body: 'rate_limited', headers: { 'retry-after': '30' } });
    const outcome = await sendWebhook(receiver.url(), message, { policy: tests });
    expect(outcome).toMatchObject({ kind: 'retryable', reason: 'rate-limited', status: 429, retryAfterMs: 30_000 });
    if (outcome.kind !== 'retryable') throw new Error('expected a retryable failure');
    expect(nextWebhookAttempt(outcome, 1, { random: () => 0 })).toMatchObject({ retry: true, delayMs: 96_000 });
    expect(nextWebhookAttempt({ ...outcome, retryAfterMs: 300_000 }, 1)).toMatchObject({ retry: true, delayMs: 300_000 });
  });

  it('a redirect is a failure and is not followed, even to a public-looking target', async () => {
    const target = await startSlackReceiver();
    try {
      receiver.answerWith({ redirectTo: target.url(), status: 307 });
      const outcome = await sendWebhook(receiver.url(), message, { policy: tests });
      expect(outcome).toMatchObject({ kind: 'permanent', reason: 'redirect', status: 307 });
      expect(nextWebhookAttempt(outcome, 1)).toEqual({ retry: false, why: 'permanent' });
      expect(target.requests()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('a receiver that never answers times out, and may be retried', async () => {
    receiver.answerWith({ hang: true });
    const outcome = await sendWebhook(receiver.url(), message, { policy: tests, timeoutMs: 200 });
    expect(outcome).toMatchObject({ kind: 'retryable', reason: 'timeout', message: 'El webhook no respondió en 0,2 s.' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('the deadline covers resolving the name: a DNS server that never answers is a timeout', async () => {
    const silentDns: WebhookPolicy = { allowPrivateTargets: false, resolve: () => new Promise(() => {}) };
    const outcome = await sendWebhook('https://hooks.slack.com/services/T000/B000/XXXX', message, { policy: silentDns, timeoutMs: 150 });
    expect(outcome).toMatchObject({ kind: 'retryable', reason: 'timeout' });
    expect(outcome.durationMs).toBeLessThan(1000);
  });

  it('a message that is not JSON is refused before any request', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await sendWebhook(receiver.url(), { text: 'x', blocks: [cyclic] }, { policy: tests })).toMatchObject({
      kind: 'permanent',
      reason: 'invalid-payload',
      message: 'El mensaje del webhook no se puede enviar como JSON.',
    });
    expect(receiver.requests()).toBe(0);
  });

  it('an abort ends the attempt as a retryable failure', async () => {
    receiver.answerWith({ hang: true });
    const controller = new AbortController();
    const sending = sendWebhook(receiver.url(), message, { policy: tests, signal: controller.signal });
    await expect.poll(() => receiver.requests(), { timeout: 2000, interval: 5 }).toBe(1);
    controller.abort();
    expect(await sending).toMatchObject({ kind: 'retryable', reason: 'network', detail: 'ABORTED' });
  });

  it('a host name resolving to 127.0.0.1 is refused, unless the policy allows private targets', async () => {
    const byName = `http://receiver.test:${receiver.port}/services/T000/B000/XXXX`;
    expect(await sendWebhook(byName, message, { policy: tests })).toMatchObject({ kind: 'delivered' });
    expect(receiver.received).toHaveLength(1);

    const httpsByName = `https://receiver.test:${receiver.port}/services/T000/B000/XXXX`;
    const refused = await sendWebhook(httpsByName, message, { policy: production });
    expect(refused).toMatchObject({
      kind: 'permanent',
      reason: 'refused-address',
      message: 'La URL del webhook apunta a una dirección privada y no se admite.',
    });
    expect(await sendWebhook(byName, message, { policy: production })).toMatchObject({
      kind: 'permanent',
      reason: 'invalid-url',
      detail: 'not-https',
    });
    expect(await sendWebhook(receiver.url(), message, { policy: production })).toMatchObject({ kind: 'permanent', reason: 'invalid-url' });
    expect(receiver.requests()).toBe(1);
  });

  it('re-checks the address at connect time: a name that turns private after validation is refused (DNS rebinding)', async () => {
    let lookups = 0;
    const rebinding: WebhookPolicy = {
      allowPrivateTargets: false,
      // Public when validated, loopback when the connection looks it up again.
      resolve: async () => (++lookups === 1 ? local('34.194.20.16') : local('127.0.0.1')),
    };
    const outcome = await sendWebhook(`https://rebind.test:${receiver.port}/services/T000/B000/XXXX`, message, { policy: rebinding });
    expect(outcome).toMatchObject({ kind: 'permanent', reason: 'refused-address', detail: 'loopback' });
    expect(lookups).toBe(2);
    expect(receiver.requests()).toBe(0);
  });

  it('delivers over real TLS to a host name, checking the certificate against that name', async () => {
    const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/tls/${name}`, import.meta.url));
    const cert = fixture('receiver-test.crt');
    const secure = await startSlackReceiver(0, { tls: { key: fixture('receiver-test.key'), cert } });
    try {
      const byName = secure.url(undefined, 'receiver.test');
      expect(byName).toMatch(/^https:\/\/receiver\.test:\d+\/services\//);
      expect(await sendWebhook(byName, message, { policy: tests, ca: cert })).toMatchObject({ kind: 'delivered', status: 200 });
      expect(secure.received).toHaveLength(1);
      // The same server by its address: the certificate does not name it, so nothing is sent.
      const byAddress = await sendWebhook(secure.url(), message, { policy: tests, ca: cert });
      expect(byAddress).toMatchObject({ kind: 'retryable', reason: 'network', detail: 'ERR_TLS_CERT_ALTNAME_INVALID' });
      // A certificate nobody vouches for is refused too.
      expect(await sendWebhook(byName, message, { policy: tests })).toMatchObject({ kind: 'retryable', reason: 'network' });
      expect(secure.received).toHaveLength(1);
    } finally {
      await secure.close();
    }
  });

  it('an unknown host name may be retried: DNS failures are often brief', async () => {
    expect(await sendWebhook('https://nowhere.test/services/T000', message, { policy: production })).toMatchObject({
      kind: 'retryable',
      reason: 'unresolvable',
    });
  });
});

describe('escapeSlackText and redactWebhookUrl', () => {
  it("escapes Slack's markup characters", () => {
    expect(escapeSlackText('<!channel> Tom & Jerry <https://x|y>')).toBe('&lt;!channel&gt; Tom &amp; Jerry &lt;https://x|y&gt;');
  });

  it('keeps the secret part of a webhook URL out of logs', () => {
    expect(redactWebhookUrl('https://hooks.slack.com/services/T000/B000/XXXX')).toBe('https://hooks.slack.com/services/T000/…');
    expect(redactWebhookUrl('nonsense')).toBe('(URL no válida)');
  });

  it("a delivery's log fields say how it went, without the secret", async () => {
    const url = 'https://hooks.slack.com/services/T000/B000/SECRETSECRET';
    const fields = webhookLogFields(
      url,
      { kind: 'permanent', reason: 'rejected', status: 404, message: 'x', detail: 'no_service', durationMs: 40 },
      2,
    );
    expect(fields).toEqual({
      webhook: 'https://hooks.slack.com/services/T000/…',
      attempt: 2,
      outcome: 'permanent',
      reason: 'rejected',
      status: 404,
      detail: 'no_service',
      durationMs: 40,
    });
    expect(JSON.stringify(webhookLogFields(url, { kind: 'delivered', status: 200, durationMs: 9 }, 1))).not.toContain('SECRET');
  });
});
