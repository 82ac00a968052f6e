import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { GEMINI_GROUNDED_PROMPT_PRICE_USD, type GroundedAllowance, createGeminiMapsEngine, processAllowance } from './gemini-maps';
import { type AiAnswerRequest, AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';
import { matchBusiness } from './match-business';

// Gemini grounded in Google Maps against a local fake whose answers are shaped as the documented
// GenerateContentResponse and google.rpc.Status errors (test/fixtures/ai-answers/).

const aiFixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/ai-answers/${name}`, import.meta.url), 'utf8');
const answer: FakeReply = { raw: aiFixture('gemini-maps-answer.json') };
const request: AiAnswerRequest = { engine: 'gemini-maps', query: 'dentista', lat: 36.7213, lng: -4.4214, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample: 1 };
/** An allowance whose answers the test sets: free, or not. */
const allowanceOf = (free: boolean): GroundedAllowance & { taken: number } => ({ taken: 0, take() { this.taken += 1; return free; } });
// gemini-2.5-flash tokens in the fixture: (14 + 412) in at $0.30/M, (162 + 542) out at $2.50/M.
const TOKENS_USD = (426 * 0.3 + 704 * 2.5) / 1_000_000;

describe('Gemini grounded in Google Maps, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => answer);
  afterAll(() => fake.close());
  const odd: { item: unknown; reason: string }[] = [];
  const free = allowanceOf(true);
  const opts = { apiKey: 'clave-gemini', baseUrl: `${fake.baseUrl}/`, model: 'gemini-2.5-flash', onOddItem: (item: unknown, reason: string) => odd.push({ item, reason }), allowance: free };
  const engine = createGeminiMapsEngine(opts);
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const last = (): RecordedRequest => fake.requests.at(-1)!;

  it('when asking, then it POSTs generateContent with the key in x-goog-api-key, the Spanish question, the Google Maps tool and the point', async () => {
    answering(answer);
    await engine.ask(request);
    expect(last().method).toBe('POST');
    expect(last().url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(last().headers['x-goog-api-key']).toBe('clave-gemini');
    expect(last().headers['content-type']).toBe('application/json');
    expect(last().url).not.toContain('key=');
    expect(JSON.parse(last().body)).toEqual({
      contents: [{ role: 'user', parts: [{ text: '¿Qué dentista me recomiendas cerca de aquí?' }] }],
      tools: [{ googleMaps: {} }],
      toolConfig: { retrievalConfig: { latLng: { latitude: 36.7213, longitude: -4.4214 }, languageCode: 'es' } },
    });
  });

  it('when the answer names places, then they come in the order the text names them, with place id and cid; retrieved but unnamed places are only sources', async () => {
    answering(answer);
    odd.length = 0;
    const a = await engine.ask(request);
    expect(a.text).toMatch(/^Cerca de aquí tienes varias opciones bien valoradas:/);
    // Larios and Sonrisa by their grounding supports, Dentalia Centro by its name in the text; Alameda was retrieved and not named.
    expect(a.businesses).toEqual([
      { position: 1, name: 'Clínica Dental Larios', placeId: 'ChIJx5n2Vpj3cg0RkL0c9dW4bTw', cid: '11469874601539750769', domain: null },
      { position: 2, name: 'Clínica Dental Sonrisa', placeId: 'ChIJ2b8m4Jf3cg0R8f1qk3YdQzE', cid: '9912001245678123456', domain: null },
      { position: 3, name: 'Dentalia Centro', placeId: 'ChIJk1l2m3n4cg0RaBbCcDdEeFf', cid: '5566778899001122335', domain: null },
    ]);
    expect(a.sources.map((s) => [s.title, s.domain])).toEqual([
      ['Clínica Dental Sonrisa', 'maps.google.com'],
      ['Clínica Dental Larios', 'maps.google.com'],
      ['Clínica Dental Alameda', 'maps.google.com'],
      ['Dentalia Centro', 'maps.google.com'],
    ]);
    expect(a.sources[0]!.url).toBe('https://maps.google.com/?cid=9912001245678123456');
    // The chunk without a title could not be read: skipped and reported.
    expect(odd.map((o) => o.reason)).toEqual([expect.stringMatching(/^fragmento ilegible: maps\.title/)]);
    expect(matchBusiness({ placeId: 'ChIJ2b8m4Jf3cg0R8f1qk3YdQzE', cid: null, domain: null, name: 'x' }, a.businesses)).toEqual({ named: true, rule: 'place_id', position: 2 });
  });

  it('when the answer has grounding chunks but no supports, then every Maps place counts, in the order given', async () => {
    const body = JSON.parse(aiFixture('gemini-maps-answer.json')) as { candidates: Array<{ groundingMetadata: Record<string, unknown> }> };
    delete body.candidates[0]!.groundingMetadata.groundingSupports;
    answering({ raw: JSON.stringify(body) });
    const a = await engine.ask(request);
    expect(a.businesses.map((b) => [b.position, b.name])).toEqual([
      [1, 'Clínica Dental Sonrisa'],
      [2, 'Clínica Dental Larios'],
      [3, 'Clínica Dental Alameda'],
      [4, 'Dentalia Centro'],
    ]);
  });

  it('when the answer names no place and has no grounding, then it is its text and nothing else, and no grounded prompt is counted', async () => {
    const allowance = allowanceOf(false);
    const e = createGeminiMapsEngine({ ...opts, allowance });
    answering({ raw: aiFixture('gemini-maps-no-business.json') });
    const a = await e.ask(request);
    expect(a.text).toMatch(/^Para encontrar un buen dentista cerca de aquí/);
    expect(a.businesses).toEqual([]);
    expect(a.sources).toEqual([]);
    expect(allowance.taken).toBe(0);
    expect(a.costUsd).toBeCloseTo((14 * 0.3 + (48 + 258) * 2.5) / 1_000_000, 12);
  });

  it('when a grounded call is within the free daily allowance, then only its tokens cost; beyond it, the grounded-prompt price too', async () => {
    answering(answer);
    expect((await engine.ask(request)).costUsd).toBeCloseTo(TOKENS_USD, 12);
    const beyond = createGeminiMapsEngine({ ...opts, allowance: allowanceOf(false) });
    expect((await beyond.ask(request)).costUsd).toBeCloseTo(GEMINI_GROUNDED_PROMPT_PRICE_USD + TOKENS_USD, 12);
    // A model without a price in the table: its tokens are not priced, the grounded prompt still is.
    const other = createGeminiMapsEngine({ ...opts, model: 'gemini-3-flash', allowance: allowanceOf(false) });
    expect((await other.ask(request)).costUsd).toBe(GEMINI_GROUNDED_PROMPT_PRICE_USD);
    expect(beyond.liveCallPriceUsd).toBe(GEMINI_GROUNDED_PROMPT_PRICE_USD);
    expect(beyond.freeCallsPerDay).toBe(500);
  });

  it('when the key is refused (400 API_KEY_INVALID) or the model unknown (404), then the error is fatal and names the setting', async () => {
    answering({ status: 400, raw: aiFixture('gemini-error-api-key-invalid.json') });
    const key = await engine.ask(request).catch((e: unknown) => e);
    expect(key).toBeInstanceOf(AiEngineFatalError);
    expect((key as Error).message).toBe('Gemini no acepta la clave de API: revisa GEMINI_API_KEY (400 INVALID_ARGUMENT API key not valid. Please pass a valid API key.).');
    answering({ status: 401, raw: JSON.stringify({ error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }) });
    expect((await engine.ask(request).catch((e: unknown) => e)) as Error).toMatchObject({ name: 'AiEngineFatalError', message: expect.stringMatching(/GEMINI_API_KEY/) });
    answering({ status: 404, raw: aiFixture('gemini-error-model-not-found.json') });
    expect((await engine.ask(request).catch((e: unknown) => e)) as Error).toMatchObject({ name: 'AiEngineFatalError', message: expect.stringMatching(/revisa GEMINI_MODEL/) });
  });

  it('when over the quota (429 with a RetryInfo delay, or Retry-After) or Gemini is down (503), then the error is retryable, with the wait', async () => {
    answering({ status: 429, raw: aiFixture('gemini-error-resource-exhausted.json') });
    const quota = await engine.ask(request).catch((e: unknown) => e);
    expect(quota).toBeInstanceOf(AiEngineRetryableError);
    expect(quota).toMatchObject({ retryAfterSeconds: 37 });
    answering({ status: 429, headers: { 'retry-after': '5' }, raw: aiFixture('gemini-error-resource-exhausted.json') });
    expect(await engine.ask(request).catch((e: unknown) => e)).toMatchObject({ retryAfterSeconds: 5 });
    answering({ status: 503, raw: aiFixture('gemini-error-unavailable.json') });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
  });

  it('when the question is blocked or the body cannot be read, then the error is fatal', async () => {
    answering({ raw: JSON.stringify({ promptFeedback: { blockReason: 'SAFETY', safetyRatings: [] }, usageMetadata: { promptTokenCount: 14, totalTokenCount: 14 }, modelVersion: 'gemini-2.5-flash' }) });
    expect(await engine.ask(request).catch((e: unknown) => e)).toMatchObject({ name: 'AiEngineFatalError', message: 'Gemini no ha respondido a la pregunta (bloqueada: SAFETY).' });
    answering({ raw: JSON.stringify({ candidates: [{ content: { parts: [], role: 'model' }, finishReason: 'RECITATION', index: 0 }] }) });
    expect(await engine.ask(request).catch((e: unknown) => e)).toMatchObject({ name: 'AiEngineFatalError', message: 'Gemini no ha terminado la respuesta (RECITATION).' });
    answering({ raw: '<html>not json</html>' });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineFatalError);
  });

  it('when Gemini does not answer in time, then it is a timeout (retryable, may have cost a grounded prompt)', async () => {
    const quick = createGeminiMapsEngine({ ...opts, timeoutMs: 150 });
    answering('hang');
    expect(await quick.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineTimeoutError);
  });
});

describe('the free daily allowance counted in this process', () => {
  it('when the calls of one Pacific day pass the allowance, then the rest are not free; a new Pacific day starts again', () => {
    const allowance = processAllowance(2);
    // 07:59 UTC is still the previous day in Los Angeles (UTC−8 in winter); 08:00 is the next.
    const before = new Date('2026-01-15T07:59:00Z');
    expect([allowance.take(before), allowance.take(before), allowance.take(before)]).toEqual([true, true, false]);
    expect(allowance.take(new Date('2026-01-15T08:00:00Z'))).toBe(true);
  });
});
