import { describe, expect, it } from 'vitest';
import { nextWebhookAttempt, type WebhookOutcome } from '../../lib/outbound-webhook';
import { WEBHOOK_EVENT_RETRY, deliveryHeaders } from './webhook-delivery.service';
import { eventBody } from './webhook-events.service';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature';

const SECRET = 'whsec_test-secret';

describe('webhook signature', () => {
  const body = '{"id":"e1","type":"analysis.completed"}';
  const at = new Date('2026-11-26T10:00:00Z');

  it('when a body is signed, then the header is t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">, a known value', () => {
    // Computed outside the code under test: printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac <secret>.
    expect(signWebhookBody(SECRET, body, at)).toBe('t=1795687200,v1=0b64f2a95724834aa0fd78cae775633e594e6bb9c370941a44faa1358a22dc28');
  });

  it('when verified with the same secret and body within 5 minutes, then it holds; otherwise it does not', () => {
    const header = signWebhookBody(SECRET, body, at);
    expect(verifyWebhookSignature(header, body, SECRET, { now: new Date(at.getTime() + 299_000) })).toBe(true);
    expect(verifyWebhookSignature(header, body, SECRET, { now: new Date(at.getTime() + 301_000) })).toBe(false);
    expect(verifyWebhookSignature(header, `${body} `, SECRET, { now: at })).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_other', { now: at })).toBe(false);
    expect(verifyWebhookSignature(header.replace(/t=\d+/, 't=1795687201'), body, SECRET, { now: at })).toBe(false);
    expect(verifyWebhookSignature(undefined, body, SECRET, { now: at })).toBe(false);
    expect(verifyWebhookSignature('t=abc,v1=zz', body, SECRET, { now: at })).toBe(false);
  });

  it('when a delivery is attempted, then its headers carry the signature of the stored body, the event type and the delivery id', () => {
    const headers = deliveryHeaders({ id: 'd-1', eventType: 'credits.low', payload: body }, SECRET, at);
    expect(headers).toEqual({ 'RankMaps-Signature': signWebhookBody(SECRET, body, at), 'RankMaps-Event': 'credits.low', 'RankMaps-Delivery': 'd-1' });
  });
});

describe('webhook payload', () => {
  it('when an event is made twice from the same key, then its id is the same UUID, and the body is { id, type, createdAt, data }', () => {
    const event = { userId: 'u', type: 'analysis.completed' as const, key: 'analysis:completed:r1', createdAt: new Date('2026-11-26T10:00:00Z'), data: { analysis: { id: 'r1' } } };
    const a = eventBody(event);
    const b = eventBody(event);
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(a.body)).toEqual({ id: a.id, type: 'analysis.completed', createdAt: '2026-11-26T10:00:00.000Z', data: { analysis: { id: 'r1' } } });
    expect(eventBody({ ...event, key: 'analysis:completed:r2' }).id).not.toBe(a.id);
  });
});

describe('webhook backoff', () => {
  const failed: WebhookOutcome = { kind: 'retryable', reason: 'server-error', status: 500, message: 'x', durationMs: 1 };

  it('when every attempt fails, then 13 attempts are made over about 68 hours (under 3 days ± jitter), each wait doubling up to 36 h', () => {
    let total = 0;
    const waits: number[] = [];
    let attempt = 1;
    for (;;) {
      const next = nextWebhookAttempt(failed, attempt, { policy: WEBHOOK_EVENT_RETRY, random: () => 0.5 });
      if (!next.retry) {
        expect(next.why).toBe('attempts-exhausted');
        break;
      }
      waits.push(next.delayMs);
      total += next.delayMs;
      attempt = next.attempt;
    }
    expect(attempt).toBe(13);
    expect(waits.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);
    expect(waits.at(-1)).toBe(2048 * 60_000);
    expect(total / 3600_000).toBeCloseTo(68.25, 1);
    // With the largest jitter (+20 %) the last attempt is still within about 3 days and a half.
    const worst = waits.reduce((s, w) => s + w * 1.2, 0);
    expect(worst / 86_400_000).toBeLessThan(3.5);
  });

  it('when the jitter is drawn, then each wait stays within ±20 % of the nominal one', () => {
    for (const r of [0, 0.25, 0.999]) {
      const next = nextWebhookAttempt(failed, 3, { policy: WEBHOOK_EVENT_RETRY, random: () => r });
      expect(next.retry && next.delayMs).toBeGreaterThanOrEqual(240_000 * 0.8);
      expect(next.retry && next.delayMs).toBeLessThanOrEqual(240_000 * 1.2);
    }
  });

  it('when an attempt fails for good (a redirect, a 4xx), then there is no next attempt', () => {
    const redirect: WebhookOutcome = { kind: 'permanent', reason: 'redirect', status: 302, message: 'x', durationMs: 1 };
    expect(nextWebhookAttempt(redirect, 1, { policy: WEBHOOK_EVENT_RETRY })).toEqual({ retry: false, why: 'permanent' });
  });
});
