import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, startFakeMapsVendor } from '../../../../test/fake-maps-search';
import { createDataForSeoProvider } from '../../../providers/maps-search/dataforseo';
import type { MapsSearchRequest } from '../../../providers/maps-search/interface';
import { type RetryPolicy, searchPoint } from './point-search';
import type { RateLimiter } from './rate-limiter';

// One point against the real DataForSEO adapter speaking HTTP to a local fake. The rate limit
// is not what is tested here: a limiter that always grants stands in for the shared one.
const unlimited: RateLimiter = { acquire: async () => {} };
const policy: RetryPolicy = { maxAttempts: 3, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 5_000 };
const request: MapsSearchRequest = { query: 'dentista', lat: 36.7213, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' };
const ok: FakeReply = { fixture: 'dataforseo-live-advanced-dentista.json' };

describe('searchPoint against DataForSEO live', async () => {
  const fake = await startFakeMapsVendor(() => ok);
  afterAll(() => fake.close());
  /** Answers the scripted replies in turn, then the last one again. */
  const script = (...replies: FakeReply[]) => {
    let i = 0;
    fake.setReply(() => replies[Math.min(i++, replies.length - 1)]!);
  };
  const tagsSent = (from: number) => fake.requests.slice(from).map((r) => JSON.parse(r.body)[0].tag as string);
  const run = (provider: ReturnType<typeof createDataForSeoProvider>, req = request, p = policy) =>
    searchPoint(provider, req, { limiter: unlimited, policy: p, signal: new AbortController().signal });
  const provider = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 1_000 });

  it('when the first try times out, then the retry carries the same tag and the timed-out try counts at the live list price', async () => {
    const from = fake.requests.length;
    script('hang', ok);
    const outcome = await run(provider);
    expect(outcome).toMatchObject({ ok: true });
    // 0.002 that may have been billed for the lost answer, 0.002 the vendor says it billed.
    expect(outcome.costUsd).toBeCloseTo(0.004, 10);
    const tags = tagsSent(from);
    expect(tags).toHaveLength(2);
    expect(tags[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(tags[1]).toBe(tags[0]);
  });

  it('when the request already has a tag, then every try sends that one', async () => {
    const from = fake.requests.length;
    script({ fixture: 'dataforseo-task-internal-error.json' }, ok);
    await run(provider, { ...request, tag: 'rm-7f3a9c2e-0012' });
    expect(tagsSent(from)).toEqual(['rm-7f3a9c2e-0012', 'rm-7f3a9c2e-0012']);
  });

  it('when a billed error (40101) is retried, then both charges are in the point cost', async () => {
    script({ fixture: 'dataforseo-task-se-error.json' }, ok);
    const outcome = await run(provider);
    expect(outcome.ok).toBe(true);
    expect(outcome.costUsd).toBeCloseTo(0.004, 10);
  });

  it('when every try fails, then the failed outcome carries the sum of what each try cost', async () => {
    script({ fixture: 'dataforseo-task-se-error.json' }, { fixture: 'dataforseo-task-internal-error.json' }, 'hang');
    const outcome = await run(provider);
    expect(outcome).toMatchObject({ ok: false, fatal: false, error: 'DataForSEO no ha respondido en 1 s.' });
    expect(outcome.costUsd).toBeCloseTo(0.002 + 0 + 0.002, 10);
  });

  it('when the vendor refuses the task (40501), then the point fails at once with what it cost (nothing)', async () => {
    const from = fake.requests.length;
    script({ fixture: 'dataforseo-task-invalid-field.json' });
    const outcome = await run(provider);
    expect(outcome).toMatchObject({ ok: false, fatal: true, costUsd: 0 });
    expect(fake.requests.length - from).toBe(1);
  });

  it('when the search finds nothing (40102), then the point is found-nothing, billed, not failed', async () => {
    script({ fixture: 'dataforseo-no-results.json' });
    await expect(run(provider)).resolves.toEqual({ ok: true, result: { organic: [], ads: [], costUsd: 0.002 }, costUsd: 0.002 });
  });

  it('when the scan’s own timeout is shorter than the provider’s live timeout, then the slow answer is waited for, not paid twice', async () => {
    const from = fake.requests.length;
    const patient = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 2_000 });
    script({ ...(ok as object), delayMs: 150 });
    const outcome = await run(patient, request, { ...policy, requestTimeoutMs: 50 });
    expect(outcome).toMatchObject({ ok: true, costUsd: 0.002 });
    expect(fake.requests.length - from).toBe(1);
  });
});
