import { describe, expect, it } from 'vitest';
import { classifyResponse, parseRetryAfter } from './webhook-outcome';

const now = new Date('2026-11-26T10:00:00Z');
const at = { now, durationMs: 12 };

describe('classifyResponse', () => {
  it.each([200, 201, 204, 299])('%i is delivered', (status) => {
    expect(classifyResponse(status, {}, 'ok', at)).toEqual({ kind: 'delivered', status, durationMs: 12 });
  });

  it.each([
    [400, 'invalid_payload'],
    [403, 'invalid_token'],
    [404, 'no_service'],
    [410, 'channel_is_archived'],
    [413, ''],
    [422, ''],
  ])('%i %s fails for good, saying what the receiver said', (status, body) => {
    const outcome = classifyResponse(status, {}, body, at);
    expect(outcome).toMatchObject({ kind: 'permanent', reason: 'rejected', status });
    expect(outcome.kind !== 'delivered' && outcome.message).toBe(
      `El webhook rechazó el mensaje (${body ? `${status}: ${body}` : status}). Revisa la URL o crea una nueva en Slack.`,
    );
  });

  it.each([301, 302, 303, 307, 308])('a redirect (%i) is a permanent failure: it is never followed', (status) => {
    expect(classifyResponse(status, {}, '', at)).toMatchObject({ kind: 'permanent', reason: 'redirect', status });
  });

  it.each([500, 502, 503, 504])('%i may succeed later', (status) => {
    expect(classifyResponse(status, {}, 'boom', at)).toMatchObject({ kind: 'retryable', reason: 'server-error', status, detail: 'boom' });
  });

  it('408 and 429 may succeed later; 429 and 503 carry their Retry-After', () => {
    expect(classifyResponse(408, {}, '', at)).toMatchObject({ kind: 'retryable', reason: 'timeout', status: 408 });
    expect(classifyResponse(429, { 'retry-after': '30' }, 'rate_limited', at)).toMatchObject({
      kind: 'retryable',
      reason: 'rate-limited',
      retryAfterMs: 30_000,
    });
    expect(classifyResponse(503, { 'retry-after': '120' }, '', at)).toMatchObject({ kind: 'retryable', retryAfterMs: 120_000 });
    expect(classifyResponse(429, {}, '', at)).not.toHaveProperty('retryAfterMs');
  });

  it('keeps the answer on one line', () => {
    expect(classifyResponse(500, {}, '<html>\n  <h1>Bad gateway</h1>\n</html>\n', at)).toMatchObject({
      detail: '<html> <h1>Bad gateway</h1> </html>',
    });
  });

  it('keeps only the start of a long answer', () => {
    const outcome = classifyResponse(400, {}, 'x'.repeat(5000), at);
    expect(outcome.kind === 'permanent' && outcome.detail).toHaveLength(200);
  });

  it.each([0, 100, 199, 600])('a status outside HTTP (%i) is a permanent failure', (status) => {
    expect(classifyResponse(status, {}, '', at)).toMatchObject({ kind: 'permanent', reason: 'rejected' });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['45', 45_000],
    [' 7 ', 7000],
    [['12', '99'], 12_000],
    ['Thu, 26 Nov 2026 10:02:00 GMT', 120_000],
    ['Thu, 26 Nov 2026 09:00:00 GMT', 0],
  ] as const)('%j → %i ms', (value, ms) => {
    expect(parseRetryAfter(value as string | string[], now)).toBe(ms);
  });

  it.each([undefined, '', '-5', '1.5', 'soon', 'NaN'])('%j is ignored', (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});
