import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import {
  AI_OVERVIEW_LIVE_PATH,
  AI_OVERVIEW_LIVE_PRICE_USD,
  AI_OVERVIEW_STANDARD_PRICE_USD,
  AI_OVERVIEW_TASKS_READY_PATH,
  AI_OVERVIEW_TASK_GET_PATH,
  AI_OVERVIEW_TASK_POST_PATH,
  createDataForSeoAiOverviewEngine,
} from './dataforseo-ai-overview';
import { type AiAnswerRequest, AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';
import { matchBusiness } from './match-business';

// Google AI Overviews (the organic SERP with its AI overview loaded) against a local fake whose
// answers are shaped as the documented organic live/advanced response (test/fixtures/ai-answers/).

const aiFixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/ai-answers/${name}`, import.meta.url), 'utf8');
const live: FakeReply = { raw: aiFixture('dataforseo-ai-overview-live.json') };
const request: AiAnswerRequest = { engine: 'google-ai-overview', query: 'dentista', lat: 36.72131234567, lng: -4.4214, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample: 1 };
const envelope = (tasks: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ version: '0.1.20250526', status_code: 20000, status_message: 'Ok.', time: '0.1 sec.', cost: 0, tasks_count: tasks.length, tasks_error: 0, tasks, ...extra });

describe('DataForSEO Google AI Overviews, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => live);
  afterAll(() => fake.close());
  const odd: { item: unknown; reason: string }[] = [];
  const engine = createDataForSeoAiOverviewEngine({ login: 'cuenta@rankmaps.es', password: 'clave-api', baseUrl: fake.baseUrl, onOddItem: (item, reason) => odd.push({ item, reason }) });
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const last = (): RecordedRequest => fake.requests.at(-1)!;

  it('when asking live, then it POSTs one organic task with Basic auth: keyword, location_coordinate with a radius, language_code, the overview loaded and the tag', async () => {
    answering(live);
    await engine.ask({ ...request, tag: 'ai-7f3a-0101' });
    expect(last().method).toBe('POST');
    expect(last().url).toBe(AI_OVERVIEW_LIVE_PATH);
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual([
      { keyword: 'dentista', location_coordinate: '36.7213123,-4.4214,200', language_code: 'es', load_async_ai_overview: true, tag: 'ai-7f3a-0101' },
    ]);
    await engine.ask(request);
    expect(JSON.parse(last().body)[0]).not.toHaveProperty('tag');
  });

  it('when the overview names businesses, then they come in the order it names them (text, then cited sites), with its references, at the task’s cost', async () => {
    answering(live);
    odd.length = 0;
    const answer = await engine.ask(request);
    expect(answer.costUsd).toBe(0.004);
    expect(answer.text).toMatch(/^En el centro de Málaga destacan \*\*Clínica Dental Sonrisa\*\*/);
    // Sonrisa is named first, Larios second; Dentalia Centro only by its cited site. Rank 3 of the local pack could not be read.
    expect(answer.businesses).toEqual([
      { position: 1, name: 'Clínica Dental Sonrisa', placeId: null, cid: '9912001245678123456', domain: 'sonrisamalaga.es' },
      { position: 2, name: 'Clínica Dental Larios', placeId: null, cid: '11469874601539750769', domain: 'clinicadentallarios.es' },
      { position: 3, name: 'Dentalia Centro', placeId: null, cid: '5566778899001122334', domain: 'dentaliacentro.es' },
    ]);
    expect(answer.sources).toEqual([
      { url: 'https://www.doctoralia.es/dentista/malaga', title: 'Dentistas en Málaga - Opiniones y cita', domain: 'doctoralia.es' },
      { url: 'https://dentaliacentro.es/urgencias', title: 'Urgencias dentales en Málaga centro', domain: 'dentaliacentro.es' },
    ]);
    expect(odd.map((o) => o.reason)).toEqual([expect.stringMatching(/^referencia ilegible: url/), expect.stringMatching(/^elemento ilegible: title/)]);
    expect(matchBusiness({ placeId: null, cid: '11469874601539750769', domain: null, name: 'x' }, answer.businesses)).toEqual({ named: true, rule: 'cid', position: 2 });
    expect(matchBusiness({ placeId: null, cid: null, domain: null, name: 'Clinica dental sonrisa S.L.' }, answer.businesses)).toMatchObject({ rule: 'name', position: 1 });
  });

  it('when the overview names no business of the local pack, then the answer has its text and no businesses', async () => {
    answering({ raw: aiFixture('dataforseo-ai-overview-no-business.json') });
    const answer = await engine.ask(request);
    expect(answer.text).toMatch(/^Para elegir dentista en Málaga/);
    expect(answer.businesses).toEqual([]);
    expect(answer.sources.map((s) => s.domain)).toEqual(['doctoralia.es']);
  });

  it('when the SERP has no AI overview, then the answer is empty (not a failure), even with a local pack, at the cost charged', async () => {
    answering({ raw: aiFixture('dataforseo-ai-overview-absent.json') });
    await expect(engine.ask(request)).resolves.toEqual({ text: '', businesses: [], sources: [], costUsd: 0.002 });
  });

  it('when the credentials are refused (401), then the error is fatal', async () => {
    answering({ status: 401, raw: JSON.stringify({ status_code: 40100, status_message: 'You are not authorized to access this resource.' }) });
    const err = await engine.ask(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiEngineFatalError);
    expect((err as Error).message).toMatch(/DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD/);
  });

  it('when rate-limited (429 with Retry-After) or the vendor fails (5xx), then the error is retryable, with the wait', async () => {
    answering({ status: 429, headers: { 'retry-after': '12' }, raw: '' });
    expect(await engine.ask(request).catch((e: unknown) => e)).toMatchObject({ name: 'AiEngineRetryableError', retryAfterSeconds: 12 });
    answering({ status: 502, raw: '<html>Bad Gateway</html>' });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
  });

  it('when the vendor does not answer in time, then it is a timeout that may have been billed at the live price', async () => {
    const quick = createDataForSeoAiOverviewEngine({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 150 });
    answering('hang');
    expect(await quick.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineTimeoutError);
    expect(quick.liveCallPriceUsd).toBe(AI_OVERVIEW_LIVE_PRICE_USD);
  });

  it('when using the standard queue, then it posts organic tasks with the overview loaded, lists ready ones and collects the answer for free', async () => {
    const queue = engine.standardQueue!;
    const liveTask = (JSON.parse(aiFixture('dataforseo-ai-overview-live.json')) as { tasks: Array<Record<string, unknown>> }).tasks[0]!;
    fake.setReply((req) => {
      if (req.url === AI_OVERVIEW_TASK_POST_PATH) {
        const posted = JSON.parse(req.body) as Array<{ tag: string }>;
        return { raw: envelope(posted.map((t) => ({ id: `task-${t.tag}`, status_code: 20100, status_message: 'Task Created.', cost: 0.0012, data: { ...t }, result: null }))) };
      }
      if (req.url === AI_OVERVIEW_TASKS_READY_PATH) return { raw: envelope([{ id: 'r', status_code: 20000, status_message: 'Ok.', cost: 0, data: {}, result: [{ id: 'task-o-1', se: 'google', se_type: 'organic', date_posted: '2026-03-04 10:00:00 +00:00', tag: 'o-1', endpoint_regular: null, endpoint_advanced: `${AI_OVERVIEW_TASK_GET_PATH}/task-o-1`, endpoint_html: null }] }]) };
      if (req.url === `${AI_OVERVIEW_TASK_GET_PATH}/task-o-1`) return { raw: envelope([liveTask]) };
      return { status: 404, raw: '' };
    });
    expect(await queue.post([{ tag: 'o-1', request }])).toEqual([{ tag: 'o-1', ok: true, taskId: 'task-o-1', costUsd: 0.0012 }]);
    expect(JSON.parse(last().body)).toEqual([{ keyword: 'dentista', location_coordinate: '36.7213123,-4.4214,200', language_code: 'es', load_async_ai_overview: true, tag: 'o-1', priority: 1 }]);
    expect(await queue.ready()).toEqual([{ taskId: 'task-o-1', tag: 'o-1' }]);
    const collected = await queue.collect('task-o-1');
    expect(collected.state === 'ready' && collected.answer.costUsd).toBe(0);
    expect(collected.state === 'ready' && collected.answer.businesses.map((b) => b.name)).toEqual(['Clínica Dental Sonrisa', 'Clínica Dental Larios', 'Dentalia Centro']);
    expect(queue.taskPriceUsd).toBe(AI_OVERVIEW_STANDARD_PRICE_USD);
  });
});
