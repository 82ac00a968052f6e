import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { AI_MODE_LIVE_PATH, AI_MODE_LIVE_PRICE_USD, AI_MODE_TASKS_READY_PATH, AI_MODE_TASK_GET_PATH, AI_MODE_TASK_POST_PATH, createDataForSeoAiModeEngine } from './dataforseo-ai-mode';
import { DATAFORSEO_ID_LIST_PATH } from '../maps-search/dataforseo-queue';
import { type AiAnswerRequest, AiEngineFatalError, AiEngineRetryableError, AiEngineTimeoutError } from './interface';
import { matchBusiness } from './match-business';

// The DataForSEO Google AI Mode adapter against a local fake whose answers are shaped as the
// documented live/advanced response (test/fixtures/ai-answers/).

const aiFixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/ai-answers/${name}`, import.meta.url), 'utf8');
const live: FakeReply = { raw: aiFixture('dataforseo-ai-mode-live.json') };
const request: AiAnswerRequest = { engine: 'google-ai-mode', query: 'dentista', lat: 36.72131234567, lng: -4.4214, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample: 2 };
const envelope = (tasks: unknown[], extra: Record<string, unknown> = {}) => JSON.stringify({ version: '0.1.20250526', status_code: 20000, status_message: 'Ok.', time: '0.1 sec.', cost: 0, tasks_count: tasks.length, tasks_error: 0, tasks, ...extra });

describe('DataForSEO Google AI Mode, against a local fake', async () => {
  const fake = await startFakeMapsVendor(() => live);
  afterAll(() => fake.close());
  const odd: { item: unknown; reason: string }[] = [];
  const engine = createDataForSeoAiModeEngine({ login: 'cuenta@rankmaps.es', password: 'clave-api', baseUrl: fake.baseUrl, onOddItem: (item, reason) => odd.push({ item, reason }) });
  const answering = (reply: FakeReply) => fake.setReply(() => reply);
  const last = (): RecordedRequest => fake.requests.at(-1)!;

  it('when asking live, then it POSTs one task with Basic auth and exactly keyword, location_coordinate, language_code and tag', async () => {
    answering(live);
    await engine.ask({ ...request, tag: 'ai-7f3a-0012' });
    expect(last().method).toBe('POST');
    expect(last().url).toBe(AI_MODE_LIVE_PATH);
    expect(last().headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(last().headers['content-type']).toBe('application/json');
    expect(JSON.parse(last().body)).toEqual([{ keyword: 'dentista', location_coordinate: '36.7213123,-4.4214', language_code: 'es', tag: 'ai-7f3a-0012' }]);
    await engine.ask({ ...request, tag: 'x'.repeat(300) });
    expect(JSON.parse(last().body)[0].tag).toHaveLength(255);
  });

  it('when the answer lists businesses, then the text, the local pack in order and the references come back, at the task’s cost', async () => {
    answering(live);
    odd.length = 0;
    const answer = await engine.ask(request);
    expect(answer.costUsd).toBe(0.004);
    expect(answer.text).toMatch(/^Para un dentista en el centro de Málaga/);
    // Rank 3 could not be read: skipped and reported, the others keep their rank.
    expect(answer.businesses).toEqual([
      { position: 1, name: 'Clínica Dental Larios', placeId: null, cid: '11469874601539750769', domain: 'clinicadentallarios.es' },
      { position: 2, name: 'Clínica Dental Sonrisa', placeId: null, cid: '9912001245678123456', domain: 'sonrisamalaga.es' },
      { position: 4, name: 'Dentista Dra. Ana Ruiz', placeId: null, cid: '5566778899001122334', domain: null },
    ]);
    expect(answer.sources).toEqual([
      { url: 'https://www.doctoralia.es/dentista/malaga', title: 'Dentistas en Málaga - Opiniones', domain: 'doctoralia.es' },
      { url: 'https://clinicadentallarios.es/', title: 'Clínica Dental Larios | Málaga centro', domain: 'clinicadentallarios.es' },
    ]);
    expect(odd.map((o) => o.reason)).toEqual([expect.stringMatching(/^referencia ilegible: url/), expect.stringMatching(/^elemento ilegible: title/)]);
    // And the answer matches the tracked business by cid, then by domain.
    expect(matchBusiness({ placeId: null, cid: '9912001245678123456', domain: null, name: 'x' }, answer.businesses)).toEqual({ named: true, rule: 'cid', position: 2 });
    expect(matchBusiness({ placeId: null, cid: null, domain: 'https://sonrisamalaga.es', name: 'x' }, answer.businesses)).toMatchObject({ rule: 'domain', position: 2 });
  });

  it('when the answer names no business, then it is an answer with its text and no businesses, not a failure', async () => {
    answering({ raw: aiFixture('dataforseo-ai-mode-no-business.json') });
    const answer = await engine.ask(request);
    expect(answer.businesses).toEqual([]);
    expect(answer.text).toMatch(/^Para encontrar un buen dentista/);
    expect(answer.sources.map((s) => s.domain)).toEqual(['doctoralia.es']);
    expect(answer.costUsd).toBe(0.004);
  });

  it('when the task ends with 40102 No Search Results, then the answer is empty and still billed', async () => {
    answering({ raw: envelope([{ id: 'x', status_code: 40102, status_message: 'No Search Results.', cost: 0.004, data: {}, result: null }], { cost: 0.004 }) });
    await expect(engine.ask(request)).resolves.toEqual({ text: '', businesses: [], sources: [], costUsd: 0.004 });
  });

  it('when the credentials are refused (401), then the error is fatal and names the settings to check', async () => {
    answering({ status: 401, raw: JSON.stringify({ status_code: 40100, status_message: 'You are not authorized to access this resource.' }) });
    const err = await engine.ask(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiEngineFatalError);
    expect((err as Error).message).toMatch(/DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD/);
  });

  it('when rate-limited (429 with Retry-After) or the vendor fails (5xx), then the error is retryable, with the wait', async () => {
    answering({ status: 429, headers: { 'retry-after': '30' }, raw: '' });
    const limited = await engine.ask(request).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(AiEngineRetryableError);
    expect(limited).toMatchObject({ retryAfterSeconds: 30 });
    answering({ status: 503, raw: '<html>Service Unavailable</html>' });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
    answering({ raw: envelope([{ id: 'x', status_code: 40202, status_message: 'Rate limit per minute exceeded.', cost: 0, data: {}, result: null }]) });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineRetryableError);
  });

  it('when the vendor does not answer in time, then it is a timeout (retryable, may have been billed at the live price)', async () => {
    const quick = createDataForSeoAiModeEngine({ login: 'l', password: 'p', baseUrl: fake.baseUrl, timeoutMs: 150 });
    answering('hang');
    const err = await quick.ask(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiEngineTimeoutError);
    expect(err).toBeInstanceOf(AiEngineRetryableError);
    expect(quick.liveCallPriceUsd).toBe(AI_MODE_LIVE_PRICE_USD);
  });

  it('when the body is not DataForSEO’s JSON, then the error is fatal', async () => {
    answering({ raw: 'not json' });
    expect(await engine.ask(request).catch((e: unknown) => e)).toBeInstanceOf(AiEngineFatalError);
  });

  it('when using the standard queue, then it posts by tag at normal priority, lists ready tasks and collects the answer for free', async () => {
    const queue = engine.standardQueue!;
    const liveTask = (JSON.parse(aiFixture('dataforseo-ai-mode-live.json')) as { tasks: Array<Record<string, unknown>> }).tasks[0]!;
    fake.setReply((req) => {
      if (req.url === AI_MODE_TASK_POST_PATH) {
        const posted = JSON.parse(req.body) as Array<{ tag: string }>;
        // Answered in the other order: matched by tag.
        const tasks = posted.reverse().map((t, i) => ({ id: `task-${t.tag}`, status_code: i === 0 && t.tag === 'p-bad' ? 40501 : 20100, status_message: 'Task Created.', cost: 0.0012, data: { ...t }, result: null }));
        return { raw: envelope(tasks, { cost: 0.0024 }) };
      }
      if (req.url === AI_MODE_TASKS_READY_PATH) return { raw: envelope([{ id: 'r', status_code: 20000, status_message: 'Ok.', cost: 0, data: {}, result: [{ id: 'task-p-1', se: 'google', se_type: 'ai_mode', date_posted: '2026-03-04 10:00:00 +00:00', tag: 'p-1', endpoint_advanced: `${AI_MODE_TASK_GET_PATH}/task-p-1`, endpoint_html: null }] }]) };
      if (req.url === `${AI_MODE_TASK_GET_PATH}/task-p-1`) return { raw: envelope([liveTask]) };
      return { raw: envelope([{ id: 'pending', status_code: 40602, status_message: 'Task In Queue.', cost: 0, data: {}, result: null }]) };
    });
    const posted = await queue.post([
      { tag: 'p-1', request },
      { tag: 'p-bad', request },
    ]);
    expect(JSON.parse(last().body)).toEqual([
      { keyword: 'dentista', location_coordinate: '36.7213123,-4.4214', language_code: 'es', tag: 'p-1', priority: 1 },
      { keyword: 'dentista', location_coordinate: '36.7213123,-4.4214', language_code: 'es', tag: 'p-bad', priority: 1 },
    ]);
    expect(posted).toEqual([
      { tag: 'p-1', ok: true, taskId: 'task-p-1', costUsd: 0.0012 },
      { tag: 'p-bad', ok: false, error: expect.stringContaining('40501'), fatal: true, costUsd: 0.0012 },
    ]);
    expect(await queue.ready()).toEqual([{ taskId: 'task-p-1', tag: 'p-1' }]);
    const collected = await queue.collect('task-p-1');
    expect(collected.state).toBe('ready');
    if (collected.state === 'ready') expect(collected.answer).toMatchObject({ costUsd: 0, businesses: [expect.objectContaining({ name: 'Clínica Dental Larios' }), expect.anything(), expect.anything()] });
    expect(await queue.collect('task-other')).toEqual({ state: 'pending' });
    expect(queue.taskPriceUsd).toBe(0.0012);
  });

  it('when a post answer was lost, then findPosted asks id_list with metadata and keeps only AI Mode task_post rows under our tags', async () => {
    fake.setReply((req) => (req.url === DATAFORSEO_ID_LIST_PATH ? { raw: aiFixture('dataforseo-id-list-ai.json') } : 'hang'));
    const now = new Date('2026-03-04T11:30:00Z');
    const pinned = createDataForSeoAiModeEngine({ login: 'l', password: 'p', baseUrl: fake.baseUrl, now: () => now });
    const found = await pinned.standardQueue!.findPosted!(['ai-7f3a-0001', 'ai-7f3a-0002', 'ai-never-posted'], new Date('2026-03-04T10:00:00Z'));
    // 0001's live call and 0002's organic task are other things; 0040 is not ours.
    expect(found).toEqual([{ tag: 'ai-7f3a-0001', taskId: '03041002-1535-0139-0000-1a2b3c4d5e6f', costUsd: 0.0012 }]);
    expect(last()).toMatchObject({ method: 'POST', url: DATAFORSEO_ID_LIST_PATH });
    expect(JSON.parse(last().body)).toEqual([
      { datetime_from: '2026-03-04 10:00:00 +00:00', datetime_to: '2026-03-04 11:30:00 +00:00', limit: 1000, offset: 0, sort: 'asc', include_metadata: true },
    ]);
    // Further back than a month, where id_list's metadata ends: from a month ago. No tags: no call.
    await pinned.standardQueue!.findPosted!(['ai-7f3a-0001'], new Date('2025-12-01T00:00:00Z'));
    expect(JSON.parse(last().body)[0].datetime_from).toBe('2026-02-02 11:30:00 +00:00');
    const calls = fake.requests.length;
    expect(await pinned.standardQueue!.findPosted!([], new Date('2026-03-04T10:00:00Z'))).toEqual([]);
    expect(fake.requests.length).toBe(calls);
  });
});
