import { afterAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../../test/fake-maps-search';
import { createDataForSeoProvider } from './dataforseo';
import {
  DATAFORSEO_ID_LIST_PATH,
  DATAFORSEO_TASKS_READY_PATH,
  DATAFORSEO_TASK_GET_PATH,
  DATAFORSEO_TASK_POST_PATH,
  createDataForSeoStandardQueue,
  dataForSeoDateTime,
} from './dataforseo-queue';
import { MapsSearchFatalError, type MapsSearchRequest, MapsSearchRetryableError, type QueuedSearch } from './interface';

const at = (lat: number): MapsSearchRequest => ({ query: 'dentista', lat, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' });
const three: QueuedSearch[] = [
  { tag: 'rm-7f3a9c2e-0001', request: at(36.7213) },
  { tag: 'rm-7f3a9c2e-0002', request: at(36.7303) },
  { tag: 'rm-7f3a9c2e-0003', request: at(136.7213) },
];
const ID_1 = '03121102-1535-0139-0000-2c4e6a8b0d1f';
const ID_2 = '03121102-1535-0139-0000-3d5f7b9c1e20';

/** The documented answer of each endpoint, chosen by path. */
function byPath(req: RecordedRequest): FakeReply {
  if (req.url === DATAFORSEO_TASK_POST_PATH) return { fixture: 'dataforseo-task-post.json' };
  if (req.url === DATAFORSEO_TASKS_READY_PATH) return { fixture: 'dataforseo-tasks-ready.json' };
  if (req.url === `${DATAFORSEO_TASK_GET_PATH}/${ID_1}`) return { fixture: 'dataforseo-task-get-advanced.json' };
  if (req.url === DATAFORSEO_ID_LIST_PATH) return { fixture: 'dataforseo-id-list.json' };
  return { status: 404, raw: '{"status_code":40400,"status_message":"Not Found."}' };
}

describe('DataForSEO standard queue for Google Maps, against a local fake', async () => {
  const fake = await startFakeMapsVendor(byPath);
  afterAll(() => fake.close());
  const odd: string[] = [];
  const provider = createDataForSeoProvider({ login: 'cuenta@rankmaps.es', password: 'clave-api', baseUrl: fake.baseUrl, onOddItem: (_item, reason) => odd.push(reason) });
  const queue = provider.standardQueue!;
  const lastRequest = (): RecordedRequest => fake.requests.at(-1)!;
  const answering = (reply: FakeReply) => fake.setReply((req) => (req.url.startsWith(DATAFORSEO_TASK_GET_PATH) ? reply : byPath(req)));

  it('when the provider is DataForSEO, then it has a standard queue taking 100 tasks a post', () => {
    expect(queue.maxTasksPerPost).toBe(100);
    expect(typeof queue.findPosted).toBe('function');
  });

  it('when tasks are posted, then one POST carries each as a phone at its point, at normal priority, with its tag', async () => {
    fake.setReply(byPath);
    await queue.post(three);
    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.url).toBe(DATAFORSEO_TASK_POST_PATH);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('cuenta@rankmaps.es:clave-api').toString('base64')}`);
    expect(JSON.parse(req.body)).toEqual(
      three.map(({ tag, request }) => ({
        keyword: 'dentista',
        location_coordinate: `${request.lat},-4.4214,13z`,
        language_code: 'es',
        depth: 20,
        device: 'mobile',
        os: 'android',
        search_places: false,
        tag,
        priority: 1,
      })),
    );
  });

  it('when the vendor answers each task, then ids and costs are read per task, and a refused field is a fatal refusal', async () => {
    fake.setReply(byPath);
    // Asked in another order than the vendor answers: matched by tag, not by position.
    const posted = await queue.post([three[2]!, three[0]!, three[1]!]);
    expect(posted).toEqual([
      { tag: 'rm-7f3a9c2e-0003', ok: false, error: "DataForSEO no ha aceptado la tarea (40501: Invalid Field: 'location_coordinate'.).", fatal: true, costUsd: 0 },
      { tag: 'rm-7f3a9c2e-0001', ok: true, taskId: ID_1, costUsd: 0.0006 },
      { tag: 'rm-7f3a9c2e-0002', ok: true, taskId: ID_2, costUsd: 0.0006 },
    ]);
  });

  it('when a posted tag is missing from the answer, then that task is a retryable failure, not a success', async () => {
    fake.setReply(byPath);
    const [lost] = await queue.post([{ tag: 'rm-ffffffff-0099', request: at(36.72) }]);
    expect(lost).toEqual({ tag: 'rm-ffffffff-0099', ok: false, error: 'DataForSEO no ha devuelto esta tarea en su respuesta.', fatal: false, costUsd: 0 });
  });

  it('when more than 100 tasks are handed to one post, then nothing is sent', async () => {
    const before = fake.requests.length;
    const many = Array.from({ length: 101 }, (_, i) => ({ tag: `t${i}`, request: at(36.7) }));
    await expect(queue.post(many)).rejects.toBeInstanceOf(RangeError);
    expect(fake.requests.length).toBe(before);
  });

  it('when the whole post is refused (HTTP 401), then it throws the fatal error', async () => {
    fake.setReply(() => ({ status: 401, fixture: 'dataforseo-unauthorized.json' }));
    await expect(queue.post(three)).rejects.toBeInstanceOf(MapsSearchFatalError);
    fake.setReply(() => ({ raw: '{"status_code":40202,"status_message":"The rate-limit per minute has been exceeded.","cost":0,"tasks":null}' }));
    await expect(queue.post(three)).rejects.toBeInstanceOf(MapsSearchRetryableError);
  });

  it('when asking what is ready, then it GETs tasks_ready and reads each id with its tag', async () => {
    fake.setReply(byPath);
    await expect(queue.ready()).resolves.toEqual([
      { taskId: ID_1, tag: 'rm-7f3a9c2e-0001' },
      { taskId: ID_2, tag: 'rm-7f3a9c2e-0002' },
    ]);
    expect(lastRequest()).toMatchObject({ method: 'GET', url: DATAFORSEO_TASKS_READY_PATH });
  });

  it('when a ready task is collected, then task_get/advanced is read exactly like a live answer, at no cost', async () => {
    fake.setReply(byPath);
    odd.length = 0;
    const got = await queue.collect(ID_1);
    expect(lastRequest()).toMatchObject({ method: 'GET', url: `${DATAFORSEO_TASK_GET_PATH}/${ID_1}` });
    if (got.state !== 'ready') throw new Error(`expected ready, got ${got.state}`);
    expect(got.result.costUsd).toBe(0);
    expect(got.result.organic.map((o) => [o.position, o.cid])).toEqual([
      [1, '11469874601539750769'],
      [2, '3599117311802999377'],
      [4, '12673834536520401920'],
      [5, '17428936458021572080'],
    ]);
    expect(got.result.ads.map((a) => a.domain)).toEqual(['dentalprime-malaga.es', 'vitaldent.com']);
    expect(odd).toHaveLength(1);
  });

  it('when the task is still queued or handed to a worker (40602, 40601), then it is pending', async () => {
    for (const f of ['dataforseo-task-get-in-queue.json', 'dataforseo-task-get-handed.json']) {
      answering({ fixture: f });
      await expect(queue.collect(ID_2)).resolves.toEqual({ state: 'pending' });
    }
  });

  it('when the task found nothing (40102), then it is ready and empty, not an error', async () => {
    answering({ fixture: 'dataforseo-task-get-no-results.json' });
    await expect(queue.collect(ID_2)).resolves.toEqual({ state: 'ready', result: { organic: [], ads: [], costUsd: 0 } });
  });

  it('when the vendor does not know the task (40401), then it failed for good', async () => {
    answering({ fixture: 'dataforseo-task-get-not-found.json' });
    await expect(queue.collect(ID_2)).resolves.toEqual({ state: 'failed', error: 'DataForSEO no ha podido hacer la búsqueda (40401: Task Not Found.).', fatal: true });
  });

  it('when looking for tasks whose post answer was lost, then id_list is asked with metadata and only Maps task_post rows with our tags come back', async () => {
    fake.setReply(byPath);
    const now = new Date('2025-03-12T11:30:00Z');
    const q = createDataForSeoStandardQueue({ base: fake.baseUrl, authorization: 'Basic eA==', onOddItem: () => {}, now: () => now });
    const found = await q.findPosted!(['rm-7f3a9c2e-0001', 'rm-7f3a9c2e-0002'], new Date('2025-03-12T10:00:00Z'));
    // The live call with tag 0001 and the organic task with tag 0002 are other things; 0040 is not ours.
    expect(found).toEqual([{ tag: 'rm-7f3a9c2e-0001', taskId: ID_1, costUsd: 0.0006 }]);
    const req = lastRequest();
    expect(req).toMatchObject({ method: 'POST', url: DATAFORSEO_ID_LIST_PATH });
    expect(JSON.parse(req.body)).toEqual([
      { datetime_from: '2025-03-12 10:00:00 +00:00', datetime_to: '2025-03-12 11:30:00 +00:00', limit: 1000, offset: 0, sort: 'asc', include_metadata: true },
    ]);
  });

  it('when the search reaches further back than a month, then it starts a month ago, where metadata ends', async () => {
    fake.setReply(byPath);
    const now = new Date('2025-03-12T11:30:00Z');
    const q = createDataForSeoStandardQueue({ base: fake.baseUrl, authorization: 'Basic eA==', onOddItem: () => {}, now: () => now });
    await q.findPosted!(['rm-7f3a9c2e-0001'], new Date('2024-12-01T00:00:00Z'));
    expect(JSON.parse(lastRequest().body)[0].datetime_from).toBe('2025-02-10 11:30:00 +00:00');
  });
});

describe('dataForSeoDateTime', () => {
  it('when a date is given, then it is written as the documented "yyyy-mm-dd hh:mm:ss +00:00" in UTC', () => {
    expect(dataForSeoDateTime(new Date('2025-01-15T12:57:46.123+02:00'))).toBe('2025-01-15 10:57:46 +00:00');
  });
});
