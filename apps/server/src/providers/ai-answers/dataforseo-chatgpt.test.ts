import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { CHATGPT_LIVE_PATH, CHATGPT_LIVE_TIMEOUT_MS, CHATGPT_LOCATIONS_PATH, createDataForSeoChatGptEngine } from './dataforseo-chatgpt';
import { type AiAnswerRequest, AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';
import { matchBusiness } from './match-business';

// ChatGPT through DataForSEO's LLM Scraper against a local fake whose answers are shaped as the
// documented live/advanced and locations responses (test/fixtures/ai-answers/).

const aiFixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/ai-answers/${name}`, import.meta.url), 'utf8');
const request: AiAnswerRequest = { engine: 'chatgpt', query: 'dentista', lat: 36.7213, lng: -4.4214, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample: 1 };
const locations: FakeReply = { raw: aiFixture('dataforseo-chatgpt-locations-es.json') };

describe('DataForSEO ChatGPT LLM Scraper, against a local fake', async () => {
  let answer: FakeReply = { raw: aiFixture('dataforseo-chatgpt-live.json') };
  let locationsReply: FakeReply = locations;
  const fake = await startFakeMapsVendor((req) => (req.url.startsWith(CHATGPT_LOCATIONS_PATH) ? locationsReply : answer));
  afterAll(() => fake.close());
  const odd: { item: unknown; reason: string }[] = [];
  const opts = { login: 'cuenta@rankmaps.es', password: 'clave-api', baseUrl: fake.baseUrl, onOddItem: (item: unknown, reason: string) => odd.push({ item, reason }) };
  const engine = createDataForSeoChatGptEngine(opts);
  const last = (): RecordedRequest => fake.requests.at(-1)!;
  const asked = (path: string) => fake.requests.filter((r) => r.url.startsWith(path));

  it('when asking for a city, then it looks the city up once (free) and POSTs keyword, its location_code, language_code and tag', async () => {
    await engine.ask({ ...request, tag: 'ai-7f3a-0201' });
    const lookups = asked(CHATGPT_LOCATIONS_PATH);
    expect(lookups.map((r) => [r.method, r.url])).toEqual([['GET', `${CHATGPT_LOCATIONS_PATH}/es`]]);
    expect(lookups[0]!.headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(last().method).toBe('POST');
    expect(last().url).toBe(CHATGPT_LIVE_PATH);
    expect(last().headers['content-type']).toBe('application/json');
    // «Málaga» is DataForSEO's «Malaga,Andalusia,Spain», the City (1005493), not the province of the same name.
    expect(JSON.parse(last().body)).toEqual([{ keyword: 'dentista', location_code: 1005493, language_code: 'es', tag: 'ai-7f3a-0201' }]);
    // The list is kept for the process: a second question does not look it up again.
    await engine.ask({ ...request, sample: 2 });
    expect(asked(CHATGPT_LOCATIONS_PATH)).toHaveLength(1);
    expect(JSON.parse(last().body)).toEqual([{ keyword: 'dentista', location_code: 1005493, language_code: 'es' }]);
  });

  it('when the city is not in the list, then the country stands in and the question names the city', async () => {
    await engine.ask({ ...request, city: { name: 'Nerja', countryCode: 'ES' } });
    expect(JSON.parse(last().body)).toEqual([{ keyword: 'dentista en Nerja', location_code: 2724, language_code: 'es' }]);
  });

  it('when the answer shows local businesses, then the text, the businesses in the order shown and the cited sources come back, at the task’s cost', async () => {
    odd.length = 0;
    const a = await engine.ask(request);
    expect(a.costUsd).toBe(0.004);
    expect(a.text).toMatch(/^Estas son algunas clínicas dentales bien valoradas en Málaga:/);
    // The second card could not be read: skipped and reported, leaving its place empty.
    expect(a.businesses).toEqual([
      { position: 1, name: 'Clínica Dental Larios', placeId: null, cid: null, domain: 'clinicadentallarios.es' },
      { position: 3, name: 'Clínica Dental Sonrisa', placeId: null, cid: null, domain: 'sonrisamalaga.es' },
      { position: 4, name: 'Dentalia Centro', placeId: null, cid: null, domain: null },
    ]);
    expect(a.sources).toEqual([
      { url: 'https://www.doctoralia.es/dentista/malaga', title: 'Dentistas en Málaga - Opiniones y cita', domain: 'doctoralia.es' },
      { url: 'https://www.sonrisamalaga.es/', title: 'Clínica Dental Sonrisa | Ortodoncia invisible en Málaga', domain: 'sonrisamalaga.es' },
    ]);
    expect(odd.map((o) => o.reason)).toEqual([expect.stringMatching(/^negocio ilegible: title/), expect.stringMatching(/^fuente ilegible: url/)]);
    expect(matchBusiness({ placeId: null, cid: null, domain: 'https://www.sonrisamalaga.es/', name: 'x' }, a.businesses)).toEqual({ named: true, rule: 'domain', position: 3 });
    expect(matchBusiness({ placeId: null, cid: null, domain: null, name: 'DENTALIA CENTRO, S.L.' }, a.businesses)).toMatchObject({ rule: 'name', position: 4 });
  });

  it('when the answer names no business, then it has its text and sources and no businesses', async () => {
    answer = { raw: aiFixture('dataforseo-chatgpt-no-business.json') };
    const a = await engine.ask(request);
    expect(a.text).toMatch(/^Para encontrar un buen dentista en Málaga/);
    expect(a.businesses).toEqual([]);
    expect(a.sources.map((s) => s.domain)).toEqual(['doctoralia.es']);
  });

  it('when the credentials are refused (401), then the error is fatal', async () => {
    answer = { status: 401, raw: JSON.stringify({ status_code: 40100, status_message: 'You are not authorized to access this resource.' }) };
    const err = await engine.ask(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiEngineFatalError);
    expect((err as Error).message).toMatch(/DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD/);
  });

  it('when rate-limited (429 with Retry-After) or the vendor fails (5xx), then the error is retryable, with the wait', async () => {
    answer = { status: 429, headers: { 'retry-after': '20' }, raw: '' };
    expect(await engine.ask(request).catch((e: unknown) => e)).toMatchObject({ name: 'AiEngineRetryableError', retryAfterSeconds: 20 });
    answer = { status: 500, raw: JSON.stringify({ status_code: 50000, status_message: 'Internal Server Error.' }) };
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
  });

  it('when the locations lookup fails, then the question fails the same way and the next one looks the list up again', async () => {
    const fresh = createDataForSeoChatGptEngine(opts);
    answer = { raw: aiFixture('dataforseo-chatgpt-live.json') };
    locationsReply = { status: 503, raw: '' };
    const before = asked(CHATGPT_LOCATIONS_PATH).length;
    expect(await fresh.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
    locationsReply = locations;
    await expect(fresh.ask(request)).resolves.toMatchObject({ costUsd: 0.004 });
    expect(asked(CHATGPT_LOCATIONS_PATH).length - before).toBe(2);
    // A country the vendor has no location for cannot be asked: fatal, and nothing is posted.
    const list = JSON.parse(aiFixture('dataforseo-chatgpt-locations-es.json')) as { tasks: Array<Record<string, unknown>> };
    locationsReply = { raw: JSON.stringify({ ...list, tasks: [{ ...list.tasks[0], result_count: 0, result: [] }] }) };
    const posts = asked(CHATGPT_LIVE_PATH).length;
    const err = await fresh.ask({ ...request, city: { name: 'Andorra la Vella', countryCode: 'AD' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiEngineFatalError);
    expect((err as Error).message).toMatch(/Andorra la Vella \(AD\)/);
    expect(asked(CHATGPT_LIVE_PATH).length).toBe(posts);
  });

  it('when the vendor does not answer in time, then it is a timeout (retryable); the ceiling is the documented 120 s', async () => {
    const quick = createDataForSeoChatGptEngine({ ...opts, timeoutMs: 150 });
    locationsReply = locations;
    answer = 'hang';
    expect(await quick.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineTimeoutError);
    expect(engine.liveTimeoutMs).toBe(CHATGPT_LIVE_TIMEOUT_MS);
    expect(engine.scope).toBe('city');
    expect(engine.standardQueue).toBeUndefined();
  });
});
