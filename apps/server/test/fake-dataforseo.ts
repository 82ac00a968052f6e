import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulateSearch } from '../src/providers/maps-search/demo';
import type { MapsSearchItem } from '../src/providers/maps-search/interface';
import { closeNow } from './local-server';

// A local DataForSEO for drills and benches: a real HTTP server speaking the Google Maps SERP
// API as documented, its answers built from the demo simulation so that results are realistic.
//   live:      POST /v3/serp/google/maps/live/advanced      https://docs.dataforseo.com/v3/serp/google/maps/live/advanced/
//   standard:  POST /v3/serp/google/maps/task_post          https://docs.dataforseo.com/v3/serp/google/maps/task_post/
//              GET  /v3/serp/google/maps/tasks_ready        https://docs.dataforseo.com/v3/serp/google/maps/tasks_ready/
//              GET  /v3/serp/google/maps/task_get/advanced/{id}  https://docs.dataforseo.com/v3/serp/google/maps/task_get/advanced/
//              POST /v3/serp/id_list                        https://docs.dataforseo.com/v3/serp/id_list/
// Prices are the list prices (https://dataforseo.com/pricing/serp/google-maps-serp-api):
// $0.002 a live SERP, $0.0006 a standard-queue task at normal priority, charged when posted.
// Status codes: https://docs.dataforseo.com/v3/appendix/errors/ (20100 task created, 40602 in
// queue, 40401 task not found, 40006 over 100 tasks in one POST, 40202 the per-minute limit).
// Every answer is shaped like the recorded fixtures in test/fixtures/maps-search/dataforseo-*.json
// (what the adapters are tested against): `data` echoes the POST parameters (our tag included)
// under the endpoint's own `function`, and id_list lists live calls and posted tasks alike, each
// with the parameters it was sent with as `metadata`.

export const DATAFORSEO_LIVE_USD = 0.002;
export const DATAFORSEO_STANDARD_USD = 0.0006;
/** "up to 2000 API calls per minute, with each POST call containing no more than 100 tasks" (task_post docs). */
export const DATAFORSEO_CALLS_PER_MINUTE = 2000;
const MAX_TASKS_PER_POST = 100;
/** tasks_ready lists at most 1000 tasks per call. */
const MAX_READY_LISTED = 1000;

export interface FakeDataForSeoOptions {
  /** Each answer takes a time drawn from [min, max] ms (the live mode's documented few seconds, scaled as the test likes). */
  latencyMs?: [number, number];
  /** Calls a minute before 40202 / HTTP 429; DATAFORSEO_CALLS_PER_MINUTE by default. */
  perMinute?: number;
  /** A posted task becomes ready after a time drawn from [min, max] ms. */
  taskReadyAfterMs?: [number, number];
  /** The nth task_post (1-based) creates its tasks and never answers: a POST answer lost on the way. */
  holdAnswerOfPost?: number;
  /** Live calls after the first `holdLiveAfter` are held unanswered until releaseLive(): a vendor that stops answering mid-scan. */
  holdLiveAfter?: number;
}

interface Task {
  id: string;
  tag: string | null;
  /** The task's parameters as posted (what `data` echoes and id_list's `metadata` gives). */
  params: Record<string, unknown>;
  postedAt: number;
  readyAt: number;
  collected: boolean;
}

/** One call id_list reports: a live search or a posted task. */
interface Made {
  id: string;
  url: string;
  postedAt: number;
  /** When the vendor finished it; a queued task's is its readyAt. */
  doneAt: () => number;
  cost: number;
  params: Record<string, unknown>;
}

interface Counters {
  /** POST task_post calls. */
  posts: number;
  /** GET tasks_ready calls. */
  polls: number;
  /** GET task_get/advanced calls. */
  taskGets: number;
  /** POST live/advanced calls. */
  live: number;
  /** Live calls held unanswered so far (holdLiveAfter). */
  heldLive: number;
  /** POST id_list calls. */
  idLists: number;
  /** Calls answered 429 (over the per-minute limit). */
  rateLimited: number;
  /** Tasks posted per tag: a point posted twice shows as 2. */
  postedPerTag: Map<string, number>;
  /** USD charged, by the documented prices. */
  chargedUsd: number;
}

const draw = ([min, max]: [number, number]) => min + Math.random() * Math.max(0, max - min);
const seconds = (ms: number) => `${(ms / 1000).toFixed(4)} sec.`;
/** "yyyy-mm-dd hh:mm:ss +00:00", the vendor's date form. */
const vendorDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +00:00');
const API = 'https://api.dataforseo.com';
const LIVE_PATH = '/v3/serp/google/maps/live/advanced';
const TASK_POST_PATH = '/v3/serp/google/maps/task_post';
/** The envelope's `data` for a task of this function: the endpoint's names, then what was posted. */
const dataOf = (fn: string, params: Record<string, unknown>) => ({ api: 'serp', function: fn, se: 'google', se_type: 'maps', ...params });

/** "lat,lng,zoomz" → the request the demo simulation takes. */
const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

function searchOf(data: Record<string, unknown>) {
  const [lat, lng, zoom] = text(data.location_coordinate, '').split(',');
  return {
    query: text(data.keyword, ''),
    lat: Number(lat),
    lng: Number(lng),
    zoom: Number.parseFloat(zoom ?? '13') || 13,
    languageCode: text(data.language_code, 'es'),
    regionCode: null,
  };
}

/**
 * A result item as the vendor documents it (the fields a reader of maps items would see). An ad
 * (maps_paid_item) has only its own few fields: no address, place_id, cid or coordinates.
 * A Max5 rating comes with rating_max null, as in the docs' own example.
 */
function itemOf(item: MapsSearchItem, rankAbsolute: number) {
  const rating = item.rating === null ? null : { rating_type: 'Max5', value: item.rating, votes_count: item.userRatingCount, rating_max: null };
  if (item.isAd) {
    return { type: 'maps_paid_item', rank_group: item.position, rank_absolute: rankAbsolute, domain: item.domain ?? null, title: item.name, url: null, rating, rating_distribution: null, original_title: null, contact_url: null };
  }
  return {
    type: 'maps_search',
    rank_group: item.position,
    rank_absolute: rankAbsolute,
    domain: item.domain ?? null,
    title: item.name,
    url: null,
    rating,
    snippet: item.address,
    address: item.address,
    place_id: item.placeId,
    cid: item.cid ?? null,
    category: item.categories[0] ?? null,
    additional_categories: item.categories.length > 1 ? item.categories.slice(1) : null,
    latitude: item.location?.latitude ?? null,
    longitude: item.location?.longitude ?? null,
  };
}

function resultOf(data: Record<string, unknown>) {
  const search = searchOf(data);
  const found = simulateSearch(search);
  const items = [...found.ads, ...found.organic].map((item, i) => itemOf(item, i + 1));
  return {
    keyword: search.query,
    type: 'maps',
    se_domain: 'google.es',
    location_code: null,
    language_code: search.languageCode,
    check_url: `https://www.google.es/maps/search/${encodeURIComponent(search.query)}/@${search.lat},${search.lng},${search.zoom}z`,
    datetime: vendorDate(Date.now()),
    spell: null,
    refinement_chips: null,
    item_types: [...new Set(items.map((i) => i.type))],
    se_results_count: 0,
    items_count: items.length,
    items,
  };
}

const VERSION = '0.1.20250312';

function envelope(tasks: unknown[], cost: number, startedAt: number, errors = 0) {
  return { version: VERSION, status_code: 20000, status_message: 'Ok.', time: seconds(Date.now() - startedAt), cost, tasks_count: tasks.length, tasks_error: errors, tasks };
}

function task(id: string, path: string[], code: number, message: string, cost: number, data: Record<string, unknown>, result: unknown[] | null) {
  return { id, status_code: code, status_message: message, time: '0.0100 sec.', cost, result_count: result?.length ?? 0, path, data, result };
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) body += chunk as string;
  return body;
}

export async function startFakeDataForSeo(opts: FakeDataForSeoOptions = {}) {
  const latency = opts.latencyMs ?? [0, 0];
  const perMinute = opts.perMinute ?? DATAFORSEO_CALLS_PER_MINUTE;
  let readyAfter = opts.taskReadyAfterMs ?? [0, 0];
  const tasks = new Map<string, Task>();
  /** Every live call and posted task, in the order made: what id_list reports. */
  const made: Made[] = [];
  const counters: Counters = { posts: 0, polls: 0, taskGets: 0, live: 0, heldLive: 0, idLists: 0, rateLimited: 0, postedPerTag: new Map(), chargedUsd: 0 };
  /** The calls of the current minute (a fixed window, as the vendor counts them per minute). */
  let window = { start: Date.now(), used: 0 };
  /** Held live calls wait on this until releaseLive(); a caller that gave up closes its socket meanwhile. */
  let liveHeld: { released: Promise<void>; release(): void } | null = null;
  const holdLive = () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    liveHeld = { released, release };
  };
  if (opts.holdLiveAfter !== undefined) holdLive();

  const overLimit = () => {
    const now = Date.now();
    if (now - window.start >= 60_000) window = { start: now - ((now - window.start) % 60_000), used: 0 };
    return ++window.used > perMinute;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = Date.now();
    const raw = await bodyOf(req);
    // "Each of DataForSEO APIs has a certain rate limit, which you can find in the HTTP header of every endpoint" (https://docs.dataforseo.com/v3).
    const limitHeaders = () => ({ 'x-ratelimit-limit': String(perMinute), 'x-ratelimit-remaining': String(Math.max(0, perMinute - window.used)) });
    const send = (status: number, payload: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...limitHeaders() }).end(JSON.stringify(payload));
    // A refused call: the envelope's own status, no task (as test/fixtures/maps-search/dataforseo-unauthorized.json).
    const refuse = (status: number, code: number, message: string) =>
      send(status, { version: VERSION, status_code: code, status_message: message, time: seconds(Date.now() - startedAt), cost: 0, tasks_count: 0, tasks_error: 0, tasks: null });
    if (!req.headers.authorization?.startsWith('Basic ')) return refuse(401, 40100, 'You are not authorized to access this resource.');
    if (overLimit()) {
      counters.rateLimited++;
      return refuse(429, 40202, 'The rate-limit per minute has been exceeded.');
    }
    await new Promise((r) => setTimeout(r, draw(latency)));
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);
    const posted = () => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : null;
      } catch {
        return null;
      }
    };

    if (req.method === 'POST' && url.pathname === LIVE_PATH) {
      counters.live++;
      if (liveHeld && counters.live > (opts.holdLiveAfter ?? 0)) {
        counters.heldLive++;
        await liveHeld.released;
      }
      const params = posted()?.[0];
      if (!params) return refuse(400, 40501, 'Invalid Field.');
      counters.chargedUsd += DATAFORSEO_LIVE_USD;
      const id = randomUUID();
      const doneAt = Date.now();
      made.push({ id, url: `${API}${LIVE_PATH}`, postedAt: startedAt, doneAt: () => doneAt, cost: DATAFORSEO_LIVE_USD, params });
      const path = LIVE_PATH.split('/').filter(Boolean);
      return send(200, envelope([task(id, path, 20000, 'Ok.', DATAFORSEO_LIVE_USD, dataOf('live', params), [resultOf(params)])], DATAFORSEO_LIVE_USD, startedAt));
    }

    if (req.method === 'POST' && url.pathname === TASK_POST_PATH) {
      counters.posts++;
      const list = posted();
      if (!list) return refuse(400, 40501, 'Invalid Field.');
      const path = TASK_POST_PATH.split('/').filter(Boolean);
      let cost = 0;
      let errors = 0;
      const answers = list.map((params, i) => {
        const id = randomUUID();
        if (i >= MAX_TASKS_PER_POST) {
          errors++;
          return task(id, path, 40006, 'You can set only one hundred tasks at a time.', 0, dataOf('task_post', params), null);
        }
        const tag = typeof params.tag === 'string' ? params.tag : null;
        if (tag) counters.postedPerTag.set(tag, (counters.postedPerTag.get(tag) ?? 0) + 1);
        const t: Task = { id, tag, params, postedAt: Date.now(), readyAt: Date.now() + draw(readyAfter), collected: false };
        tasks.set(id, t);
        made.push({ id, url: `${API}${TASK_POST_PATH}`, postedAt: t.postedAt, doneAt: () => t.readyAt, cost: DATAFORSEO_STANDARD_USD, params });
        cost += DATAFORSEO_STANDARD_USD;
        return task(id, path, 20100, 'Task Created.', DATAFORSEO_STANDARD_USD, dataOf('task_post', params), null);
      });
      counters.chargedUsd += cost;
      if (counters.posts === opts.holdAnswerOfPost) return; // the tasks exist; the answer never leaves
      return send(200, envelope(answers, cost, startedAt, errors));
    }

    if (req.method === 'GET' && url.pathname === '/v3/serp/google/maps/tasks_ready') {
      counters.polls++;
      const now = Date.now();
      const ready = [...tasks.values()]
        .filter((t) => !t.collected && t.readyAt <= now)
        .slice(0, MAX_READY_LISTED)
        .map((t) => ({
          id: t.id,
          se: 'google',
          se_type: 'maps',
          date_posted: vendorDate(t.postedAt),
          tag: t.tag,
          endpoint_regular: null,
          endpoint_advanced: `/v3/serp/google/maps/task_get/advanced/${t.id}`,
          endpoint_html: null,
        }));
      const path = ['v3', 'serp', 'google', 'maps', 'tasks_ready'];
      return send(200, envelope([task(randomUUID(), path, 20000, 'Ok.', 0, dataOf('tasks_ready', {}), ready)], 0, startedAt));
    }

    if (req.method === 'GET' && parts.length === 7 && url.pathname.startsWith('/v3/serp/google/maps/task_get/advanced/')) {
      counters.taskGets++;
      const id = parts[6]!;
      const found = tasks.get(id);
      const path = ['v3', 'serp', 'google', 'maps', 'task_get', 'advanced', id];
      if (!found) return send(200, envelope([task(id, path, 40401, 'Task Not Found.', 0, dataOf('task_get', {}), null)], 0, startedAt, 1));
      const data = dataOf('task_get', found.params);
      if (found.readyAt > Date.now()) return send(200, envelope([task(id, path, 40602, 'Task In Queue.', 0, data, null)], 0, startedAt, 1));
      // Collected: it leaves the ready list, and stays readable by id (for 30 days at the vendor).
      found.collected = true;
      return send(200, envelope([task(id, path, 20000, 'Ok.', 0, data, [resultOf(found.params)])], 0, startedAt));
    }

    if (req.method === 'POST' && url.pathname === '/v3/serp/id_list') {
      counters.idLists++;
      const q = posted()?.[0] ?? {};
      const at = (v: unknown, fallback: number) => (typeof v === 'string' ? Date.parse(v.replace(' +00:00', 'Z').replace(' ', 'T')) : fallback);
      // The vendor's dates have whole seconds: a call made within the `to` second is in it.
      const from = Math.floor(at(q.datetime_from, 0) / 1000) * 1000;
      const to = Math.floor(at(q.datetime_to, Date.now()) / 1000) * 1000 + 999;
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 1000);
      const now = Date.now();
      const inPeriod = made.filter((m) => m.postedAt >= from && m.postedAt <= to);
      if (q.sort === 'desc') inPeriod.reverse();
      const rows = inPeriod.slice(offset, offset + limit).map((m) => {
        const done = m.doneAt() <= now;
        return {
          id: m.id,
          url: m.url,
          datetime_posted: vendorDate(m.postedAt),
          datetime_done: done ? vendorDate(m.doneAt()) : null,
          status: done ? 'Ok.' : 'Task In Queue.',
          cost: m.cost,
          metadata: q.include_metadata === true ? m.params : null,
        };
      });
      const path = ['v3', 'serp', 'id_list'];
      return send(200, envelope([task(randomUUID(), path, 20000, 'Ok.', 0, { api: 'serp', function: 'id_list', ...q }, rows)], 0, startedAt));
    }

    return refuse(404, 40400, 'Not Found.');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end(JSON.stringify({ status_code: 50000, status_message: 'Internal Error.' })));
  });
  // Many lanes at once, as a scan makes: no keep-alive limit gets in the way.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    counters,
    /** Tasks posted and not collected yet. */
    pending: () => [...tasks.values()].filter((t) => !t.collected).length,
    /** Changes when posted tasks become ready (those not ready yet included). */
    setTaskReadyAfter(range: [number, number]) {
      readyAfter = range;
      for (const t of tasks.values()) if (!t.collected) t.readyAt = t.postedAt + draw(range);
    },
    /** Answers the held live calls (those whose caller still listens) and every later one at once. */
    releaseLive() {
      liveHeld?.release();
      liveHeld = null;
    },
    close: () => {
      liveHeld?.release();
      return closeNow(server);
    },
  };
}

export type FakeDataForSeo = Awaited<ReturnType<typeof startFakeDataForSeo>>;

/**
 * The environment that points the app (or a worker) at the local DataForSEO, with the local
 * Google Places (test/fake-google-places.ts) that DataForSEO requires for the business
 * (docs/decisions.md §21.1).
 */
export function localDataForSeoEnv(dataForSeoBaseUrl: string, placesBaseUrl: string): Record<string, string> {
  return {
    MAPS_SEARCH_PROVIDER: 'dataforseo',
    DATAFORSEO_LOGIN: 'local',
    DATAFORSEO_PASSWORD: 'local',
    DATAFORSEO_BASE_URL: dataForSeoBaseUrl,
    GOOGLE_MAPS_API_KEY: 'local',
    GOOGLE_PLACES_BASE_URL: placesBaseUrl,
  };
}
