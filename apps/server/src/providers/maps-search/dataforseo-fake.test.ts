import { afterAll, describe, expect, it } from 'vitest';
import { DATAFORSEO_LIVE_USD, DATAFORSEO_STANDARD_USD, startFakeDataForSeo } from '../../../test/fake-dataforseo';
import { fixture } from '../../../test/fake-maps-search';
import { createDataForSeoProvider } from './dataforseo';
import { DATAFORSEO_ID_LIST_PATH, DATAFORSEO_TASKS_READY_PATH, DATAFORSEO_TASK_GET_PATH, DATAFORSEO_TASK_POST_PATH } from './dataforseo-queue';
import { MapsSearchRetryableError, type MapsSearchRequest } from './interface';

// The local DataForSEO that drills and benches use (test/fake-dataforseo.ts) must answer as
// the recorded fixtures do, since those are what the adapter is tested against
// (docs/decisions.md §21.1): the same fields at every level, and the adapter's whole round
// trip (live, task_post, tasks_ready, task_get, id_list) working through it by tag.

type Json = Record<string, unknown>;
const keys = (o: unknown) => Object.keys(o as Json).sort();
const firstTask = (body: Json) => (body.tasks as Json[])[0]!;
const at = (lat: number): MapsSearchRequest => ({ query: 'dentista', lat, lng: -3.7038, zoom: 13, languageCode: 'es', regionCode: 'ES' });
const auth = { authorization: `Basic ${Buffer.from('l:p').toString('base64')}`, 'content-type': 'application/json' };

describe('the local DataForSEO', async () => {
  const vendor = await startFakeDataForSeo();
  afterAll(() => vendor.close());
  const provider = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: vendor.baseUrl });
  const queue = provider.standardQueue!;
  const call = async (path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${vendor.baseUrl}${path}`, body === undefined ? { headers: auth } : { method: 'POST', headers: auth, body: JSON.stringify(body) });
    return (await res.json()) as Json;
  };
  const recorded = (name: string) => JSON.parse(fixture(name)) as Json;

  it('when each endpoint answers, then its envelope, task, data and result rows have the fixtures’ fields', async () => {
    const params = { keyword: 'dentista', location_coordinate: '40.4168,-3.7038,13z', language_code: 'es', depth: 20, device: 'mobile', os: 'android', search_places: false, priority: 1, tag: 'shape-1' };
    const posted = await call(DATAFORSEO_TASK_POST_PATH, [params]);
    const postFixture = recorded('dataforseo-task-post.json');
    expect(keys(posted)).toEqual(keys(postFixture));
    expect(keys(firstTask(posted))).toEqual(keys(firstTask(postFixture)));
    expect(keys(firstTask(posted).data)).toEqual(keys(firstTask(postFixture).data));
    expect(firstTask(posted).data).toEqual({ api: 'serp', function: 'task_post', se: 'google', se_type: 'maps', ...params });
    const id = firstTask(posted).id as string;

    const ready = await call(DATAFORSEO_TASKS_READY_PATH);
    const readyFixture = recorded('dataforseo-tasks-ready.json');
    expect(keys(firstTask(ready))).toEqual(keys(firstTask(readyFixture)));
    expect(firstTask(ready).data).toEqual(firstTask(readyFixture).data);
    const readyRow = (firstTask(ready).result as Json[]).find((r) => r.id === id)!;
    expect(keys(readyRow)).toEqual(keys((firstTask(readyFixture).result as Json[])[0]));
    expect(readyRow).toMatchObject({ tag: 'shape-1', endpoint_advanced: `${DATAFORSEO_TASK_GET_PATH}/${id}` });

    const got = await call(`${DATAFORSEO_TASK_GET_PATH}/${id}`);
    const getFixture = recorded('dataforseo-task-get-advanced.json');
    expect(keys(firstTask(got))).toEqual(keys(firstTask(getFixture)));
    expect(firstTask(got).data).toEqual({ api: 'serp', function: 'task_get', se: 'google', se_type: 'maps', ...params });
    const serp = (firstTask(got).result as Json[])[0]!;
    const serpFixture = (firstTask(getFixture).result as Json[])[0]!;
    expect(keys(serp)).toEqual(keys(serpFixture));
    const fixtureItem = (type: string) => (serpFixture.items as Json[]).find((i) => i.type === type)!;
    for (const item of serp.items as Json[]) {
      // Every field the fake gives is one the vendor documents for that type; an ad has exactly the ad's.
      if (item.type === 'maps_paid_item') expect(keys(item)).toEqual(keys(fixtureItem('maps_paid_item')));
      else expect(keys(fixtureItem('maps_search'))).toEqual(expect.arrayContaining(keys(item)));
      if (item.rating) expect(item.rating).toMatchObject({ rating_type: 'Max5', rating_max: null });
    }

    const missing = await call(`${DATAFORSEO_TASK_GET_PATH}/00000000-0000-0000-0000-000000000000`);
    expect(firstTask(missing)).toMatchObject({ status_code: 40401, status_message: 'Task Not Found.' });

    const listed = await call(DATAFORSEO_ID_LIST_PATH, [{ datetime_from: '2020-01-01 00:00:00 +00:00', datetime_to: '2100-01-01 00:00:00 +00:00', limit: 1000, offset: 0, sort: 'asc', include_metadata: true }]);
    const listFixture = recorded('dataforseo-id-list.json');
    const row = (firstTask(listed).result as Json[]).find((r) => r.id === id)!;
    const rowFixture = (firstTask(listFixture).result as Json[])[0]!;
    expect(keys(row)).toEqual(keys(rowFixture));
    // metadata is what was posted, as in the fixture's task_post row.
    expect(row).toMatchObject({ url: rowFixture.url, status: 'Ok.', cost: DATAFORSEO_STANDARD_USD, metadata: params });
    expect(keys(row.metadata)).toEqual(keys(rowFixture.metadata));
  });

  it('when the real adapter posts, polls, collects and looks for lost posts, then everything goes by tag and costs the list prices', async () => {
    const live = await provider.search({ ...at(40.42), tag: 'trip-0' });
    expect(live.costUsd).toBe(DATAFORSEO_LIVE_USD);
    expect(live.organic.length).toBeGreaterThan(0);

    const posted = await queue.post([
      { tag: 'trip-0', request: at(40.42) },
      { tag: 'trip-1', request: at(40.43) },
    ]);
    expect(posted).toEqual([
      { tag: 'trip-0', ok: true, taskId: expect.any(String), costUsd: DATAFORSEO_STANDARD_USD },
      { tag: 'trip-1', ok: true, taskId: expect.any(String), costUsd: DATAFORSEO_STANDARD_USD },
    ]);
    const ids = posted.map((p) => (p.ok ? p.taskId : ''));

    const ready = await queue.ready();
    expect(ready).toEqual(expect.arrayContaining(ids.map((taskId, i) => ({ taskId, tag: `trip-${i}` }))));
    const collected = await queue.collect(ids[0]!);
    expect(collected.state).toBe('ready');
    // Collecting is free; the organic results read like the live search from the same point.
    if (collected.state === 'ready') expect(collected.result).toEqual({ ...live, costUsd: 0 });
    expect((await queue.ready()).map((r) => r.taskId)).not.toContain(ids[0]);

    // The live call under tag trip-0 is in id_list too; findPosted keeps only the Maps task_post rows.
    const found = await queue.findPosted!(['trip-0', 'trip-1', 'never-posted'], new Date(Date.now() - 60_000));
    expect(found.sort((a, b) => a.tag.localeCompare(b.tag))).toEqual([
      { tag: 'trip-0', taskId: ids[0], costUsd: DATAFORSEO_STANDARD_USD },
      { tag: 'trip-1', taskId: ids[1], costUsd: DATAFORSEO_STANDARD_USD },
    ]);
    expect(await queue.collect('00000000-0000-0000-0000-000000000000')).toMatchObject({ state: 'failed', fatal: true });
  });

  it('when the calls of a minute pass the limit, then the adapter gets a retryable 40202', async () => {
    const limited = await startFakeDataForSeo({ perMinute: 1 });
    try {
      const adapter = createDataForSeoProvider({ login: 'l', password: 'p', baseUrl: limited.baseUrl });
      await adapter.search(at(40.42));
      const err = await adapter.search(at(40.42)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MapsSearchRetryableError);
      expect((err as Error).message).toContain('40202');
      expect(limited.counters.rateLimited).toBe(1);
    } finally {
      await limited.close();
    }
  });
});
