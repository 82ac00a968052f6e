import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulateSearch } from '../src/providers/maps-search/demo';
import type { MapsSearchItem } from '../src/providers/maps-search/interface';

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
// queue, 40400 not found, 40006 over 100 tasks in one POST, 40202 the per-minute limit).

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
}

interface Task {
  id: string;
  tag: string | null;
  data: Record<string, unknown>;
  postedAt: number;
  readyAt: number;
  collected: boolean;
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

/** A result item as the vendor documents it (only the fields a reader of maps items would see). */
function itemOf(item: MapsSearchItem, rankAbsolute: number) {
  return {
    type: item.isAd ? 'maps_paid_item' : 'maps_search',
    rank_group: item.position,
    rank_absolute: rankAbsolute,
    domain: item.domain ?? null,
    title: item.name,
    url: null,
    rating: item.rating === null ? null : { rating_type: 'Max5', value: item.rating, votes_count: item.userRatingCount, rating_max: 5 },
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
    datetime: new Date().toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +00:00'),
    spell: null,
    item_types: [...new Set(items.map((i) => i.type))],
    se_results_count: 0,
    items_count: items.length,
    items,
  };
}

function envelope(tasks: unknown[], cost: number, startedAt: number, errors = 0) {
  return { version: '0.1.20250312', status_code: 20000, status_message: 'Ok.', time: seconds(Date.now() - startedAt), cost, tasks_count: tasks.length, tasks_error: errors, tasks };
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
  const counters: Counters = { posts: 0, polls: 0, taskGets: 0, live: 0, idLists: 0, rateLimited: 0, postedPerTag: new Map(), chargedUsd: 0 };
  /** The calls of the current minute (a fixed window, as the vendor counts them per minute). */
  let window = { start: Date.now(), used: 0 };

  const overLimit = () => {
    const now = Date.now();
    if (now - window.start >= 60_000) window = { start: now - ((now - window.start) % 60_000), used: 0 };
    return ++window.used > perMinute;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const startedAt = Date.now();
    const raw = await bodyOf(req);
    const send = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
    if (!req.headers.authorization?.startsWith('Basic ')) return send(401, { status_code: 40100, status_message: 'You are not authorized to access this resource.' });
    if (overLimit()) {
      counters.rateLimited++;
      return send(429, { status_code: 40202, status_message: 'The rate-limit per minute has been exceeded.' });
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

    if (req.method === 'POST' && url.pathname === '/v3/serp/google/maps/live/advanced') {
      counters.live++;
      const data = posted()?.[0];
      if (!data) return send(400, { status_code: 40501, status_message: 'Invalid Field.' });
      counters.chargedUsd += DATAFORSEO_LIVE_USD;
      const path = ['v3', 'serp', 'google', 'maps', 'live', 'advanced'];
      return send(200, envelope([task(randomUUID(), path, 20000, 'Ok.', DATAFORSEO_LIVE_USD, { api: 'serp', function: 'live', se: 'google', se_type: 'maps', ...data }, [resultOf(data)])], DATAFORSEO_LIVE_USD, startedAt));
    }

    if (req.method === 'POST' && url.pathname === '/v3/serp/google/maps/task_post') {
      counters.posts++;
      const list = posted();
      if (!list) return send(400, { status_code: 40501, status_message: 'Invalid Field.' });
      const path = ['v3', 'serp', 'google', 'maps', 'task_post'];
      let cost = 0;
      let errors = 0;
      const answers = list.map((data, i) => {
        const id = randomUUID();
        const full = { api: 'serp', function: 'task_post', se: 'google', se_type: 'maps', ...data };
        if (i >= MAX_TASKS_PER_POST) {
          errors++;
          return task(id, path, 40006, 'You can set only one hundred tasks at a time.', 0, full, null);
        }
        const tag = typeof data.tag === 'string' ? data.tag : null;
        if (tag) counters.postedPerTag.set(tag, (counters.postedPerTag.get(tag) ?? 0) + 1);
        tasks.set(id, { id, tag, data: full, postedAt: Date.now(), readyAt: Date.now() + draw(readyAfter), collected: false });
        cost += DATAFORSEO_STANDARD_USD;
        return task(id, path, 20100, 'Task Created.', DATAFORSEO_STANDARD_USD, full, null);
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
          date_posted: new Date(t.postedAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +00:00'),
          tag: t.tag,
          endpoint_regular: null,
          endpoint_advanced: `/v3/serp/google/maps/task_get/advanced/${t.id}`,
          endpoint_html: `/v3/serp/google/maps/task_get/html/${t.id}`,
        }));
      const path = ['v3', 'serp', 'google', 'maps', 'tasks_ready'];
      return send(200, envelope([task(randomUUID(), path, 20000, 'Ok.', 0, { api: 'serp', function: 'tasks_ready', se: 'google', se_type: 'maps' }, ready)], 0, startedAt));
    }

    if (req.method === 'GET' && parts.length === 7 && url.pathname.startsWith('/v3/serp/google/maps/task_get/advanced/')) {
      counters.taskGets++;
      const id = parts[6]!;
      const found = tasks.get(id);
      const path = ['v3', 'serp', 'google', 'maps', 'task_get', 'advanced', id];
      if (!found) return send(200, envelope([task(id, path, 40400, 'Not Found.', 0, {}, null)], 0, startedAt, 1));
      if (found.readyAt > Date.now()) return send(200, envelope([task(id, path, 40602, 'Task In Queue.', 0, found.data, null)], 0, startedAt, 1));
      // Collected: it leaves the ready list, and stays readable by id (for 30 days at the vendor).
      found.collected = true;
      return send(200, envelope([task(id, path, 20000, 'Ok.', 0, found.data, [resultOf(found.data)])], 0, startedAt));
    }

    if (req.method === 'POST' && url.pathname === '/v3/serp/id_list') {
      counters.idLists++;
      const q = posted()?.[0] ?? {};
      const at = (v: unknown, fallback: number) => (typeof v === 'string' ? Date.parse(v.replace(' +00:00', 'Z').replace(' ', 'T')) : fallback);
      const from = at(q.datetime_from, 0);
      const to = at(q.datetime_to, Date.now());
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit ?? 1000);
      const rows = [...tasks.values()]
        .filter((t) => t.postedAt >= from - 1000 && t.postedAt <= to + 1000)
        .slice(offset, offset + limit)
        .map((t) => ({
          id: t.id,
          url: 'https://api.dataforseo.com/v3/serp/google/maps/task_post',
          datetime_posted: new Date(t.postedAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +00:00'),
          datetime_done: t.readyAt <= Date.now() ? new Date(t.readyAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' +00:00') : null,
          status: t.readyAt <= Date.now() ? 'ok' : 'in_queue',
          cost: DATAFORSEO_STANDARD_USD,
          metadata: q.include_metadata ? t.data : null,
        }));
      const path = ['v3', 'serp', 'id_list'];
      return send(200, envelope([task(randomUUID(), path, 20000, 'Ok.', 0, q, rows)], 0, startedAt));
    }

    return send(404, { status_code: 40400, status_message: 'Not Found.' });
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeDataForSeo = Awaited<ReturnType<typeof startFakeDataForSeo>>;
