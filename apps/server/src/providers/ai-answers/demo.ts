import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { demoDomain, normalise } from '../places/demo';
import { simulateSearch } from '../maps-search/demo';
import { catalogueBusiness, distanceKm, profileQuery, townFor } from '../maps-search/demo-market';
import { hashString, isoWeek, mixInts, unit } from '../maps-search/demo-random';
import type { MapsSearchItem } from '../maps-search/interface';
import { type DescribedBusiness, answerText } from './demo-text';
import type { AiAnswer, AiAnswerRequest, AiEngine, AiEngineId, AiNamedBusiness, AiSource } from './interface';

// The demo AI engine (docs/decisions.md §31.2): what each engine would answer, simulated from
// the map demo's market so that the businesses an AI names are the ones the map shows there.
//
// For one question (query, engine, point rounded to ~10 m, sample, ISO week):
//  1. the pool is the map demo's top 10 at the point (the tracked business left out);
//  2. the answer lists k businesses (k uniform in the engine's range), a Plackett–Luce draw from
//     the pool with weights 1 / rank^1.1: the map's leaders are named most, yet every sample
//     reorders, drops and adds some;
//  3. the tracked business is named with probability reach / (1 + (d / range)²), d its distance
//     from the point in km, at a position nearer the top the nearer it is;
//  4. NO_BUSINESS_RATE of answers name no business at all.
// Same question, same answer: nothing reads Math.random or the clock. Between analyses the
// answers do change (docs/decisions.md §31.11): the analysis id joins the seed, and the tracked
// business's reach follows the analysis's ordinal in its keyword's history.

/** Share of answers that name no business (the real engines' generic answers). */
export const NO_BUSINESS_RATE = 0.07;
/** How many of the map's leaders an answer draws from. */
const POOL = 10;
/** Plackett–Luce weight exponent: 1 / rank^RANK_WEIGHT. */
const RANK_WEIGHT = 1.1;
/**
 * The tracked business's reach in the n-th analysis of a keyword (n from 0), cycled: a strong
 * showing, then a weak one, so that two analyses in a row differ beyond the noise on the
 * overall share (docs/decisions.md §31.11) and a demo user sees what a real change looks like.
 */
export const RUN_REACH = [1, 0.4] as const;

/** The reach factor of an analysis, by its ordinal; 1 outside an analysis. */
export const runReach = (run: AiAnswerRequest['run']): number => (run ? RUN_REACH[run.ordinal % RUN_REACH.length]! : 1);

interface Flavour {
  /** Businesses listed: uniform in [min, max]. */
  min: number;
  max: number;
  /** Probability of naming the tracked business at its own door. */
  reach: number;
  /** km at which that probability has halved. */
  rangeKm: number;
  /** The map zoom its market is read at: wider for the city-wide ChatGPT. */
  zoom: number;
  /** Whether named businesses carry their Maps place id (Gemini's grounding chunks do). */
  placeIds: boolean;
}

export const FLAVOURS: Record<AiEngineId, Flavour> = {
  'google-ai-mode': { min: 3, max: 6, reach: 0.9, rangeKm: 2.5, zoom: 13, placeIds: false },
  'google-ai-overview': { min: 2, max: 4, reach: 0.75, rangeKm: 2, zoom: 13, placeIds: false },
  chatgpt: { min: 3, max: 5, reach: 0.6, rangeKm: 8, zoom: 11, placeIds: false },
  'gemini-maps': { min: 3, max: 5, reach: 0.9, rangeKm: 2.5, zoom: 14, placeIds: true },
};

/** Directories an answer cites, by the demo market's category slug; paginasamarillas.es for the rest. */
const DIRECTORIES: Record<string, string> = {
  dentista: 'www.doctoralia.es',
  fisioterapeuta: 'www.doctoralia.es',
  restaurante: 'www.tripadvisor.es',
  peluqueria: 'www.treatwell.es',
  inmobiliaria: 'www.idealista.com',
};
const DEFAULT_DIRECTORY = 'www.paginasamarillas.es';

/** Monday 00:00 UTC of the date's ISO week: the map demo's hourly swing then holds all week. */
function weekStart(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() || 7) - 1));
  return d;
}

const pathSlug = (s: string) => normalise(s).replace(/[^a-z0-9ñ]+/g, '-').replace(/^-|-$/g, '');

/** About half the simulated businesses have a website, named after them (the one places/demo.ts gives a demo place). */
export { demoDomain };

/** The town the answer names: the demo city the point is in, or null in the countryside. */
function townOf(request: AiAnswerRequest, flavour: Flavour): string | null {
  if (flavour === FLAVOURS.chatgpt) return request.city.name;
  const town = townFor(request.lat, request.lng);
  return town === 'España' ? null : town.split(',')[0]!;
}

/** Gumbel noise from a seeded draw: adding it to log-weights and sorting is a Plackett–Luce draw. */
const gumbel = (u: number) => -Math.log(-Math.log(Math.min(1 - 1e-12, Math.max(1e-12, u))));

interface Listed {
  item: MapsSearchItem;
  domain: string | null;
}

/** Answers one question; exported for the tests and the benchmark. */
export function simulateAnswer(request: AiAnswerRequest): AiAnswer {
  const flavour = FLAVOURS[request.engine];
  const profile = profileQuery(request.query);
  const now = request.now ?? new Date();
  const seed = mixInts(
    hashString(profile.key),
    hashString(request.engine),
    Math.round(request.lat * 1e4),
    Math.round(request.lng * 1e4),
    request.sample,
    hashString(isoWeek(now)),
    ...(request.run ? [hashString(request.run.id)] : []),
  );
  const draw = (salt: number) => unit(mixInts(seed, salt));
  const town = townOf(request, flavour);
  if (profile.key.length === 0 || draw(1) < NO_BUSINESS_RATE) {
    return { text: answerText(request.engine, request.query, town, [], [draw(2), draw(3)]), businesses: [], sources: [], costUsd: 0 };
  }

  const map = simulateSearch({ query: request.query, lat: request.lat, lng: request.lng, zoom: flavour.zoom, languageCode: request.languageCode, regionCode: null, now: weekStart(now) });
  const target = request.target;
  const pool = map.organic.filter((o) => o.placeId !== target?.placeId).slice(0, POOL);
  const k = Math.min(pool.length, flavour.min + Math.floor(draw(4) * (flavour.max - flavour.min + 1)));
  const listed: Listed[] = pool
    .map((item, i) => ({ item, key: -RANK_WEIGHT * Math.log(i + 1) + gumbel(unit(mixInts(seed, hashString(item.placeId ?? item.name)))) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, k)
    .map(({ item }) => ({ item, domain: demoDomain(item.placeId ?? item.name, item.name) }));

  if (target && k > 0) {
    const closeness = 1 / (1 + Math.pow(distanceKm(request.lat, request.lng, target.lat, target.lng) / flavour.rangeKm, 2));
    if (draw(5) < flavour.reach * runReach(request.run) * closeness) {
      // Near its door it leads the list; far away it trails.
      const at = Math.min(k - 1, Math.floor(k * Math.pow(draw(6), 1 + 2 * closeness)));
      listed.splice(at, 0, { item: targetItem(target, map.organic), domain: target.domain });
      listed.length = k;
    }
  }

  const businesses: AiNamedBusiness[] = listed.map(({ item, domain }, i) => ({
    position: i + 1,
    name: item.name,
    placeId: flavour.placeIds ? item.placeId : null,
    cid: null,
    domain,
  }));
  const described: DescribedBusiness[] = listed.map(({ item }) => ({ name: item.name, address: item.address, rating: item.rating, reviews: item.userRatingCount }));
  return {
    text: answerText(request.engine, request.query, town, described, [draw(2), draw(3)]),
    businesses,
    sources: sourcesFor(request, listed, profile.category?.slug ?? null, town),
    costUsd: 0,
  };
}

/** The tracked business as the map demo knows it (when it ranks there), else from what the request says. */
function targetItem(target: NonNullable<AiAnswerRequest['target']>, organic: MapsSearchItem[]): MapsSearchItem {
  // Named as the user tracks it; where the map demo ranks it, with its address and rating there.
  const ranked = organic.find((o) => o.placeId === target.placeId);
  if (ranked) return { ...ranked, name: target.name };
  const known = catalogueBusiness(target.placeId);
  return {
    position: 0,
    name: target.name,
    address: known?.address ?? townFor(target.lat, target.lng),
    rating: known?.rating ?? null,
    userRatingCount: known?.reviews ?? 0,
    placeId: target.placeId,
    location: { latitude: target.lat, longitude: target.lng },
    categories: [],
    isAd: false,
  };
}

/** What the answer cites: Maps entries (Gemini), the businesses' own sites, and the sector's directory. */
function sourcesFor(request: AiAnswerRequest, listed: Listed[], category: string | null, town: string | null): AiSource[] {
  const out: AiSource[] = [];
  if (request.engine === 'gemini-maps') {
    for (const { item } of listed) {
      const query = encodeURIComponent(item.name);
      const placeId = encodeURIComponent(item.placeId ?? '');
      out.push({ url: `https://www.google.com/maps/search/?api=1&query=${query}&query_place_id=${placeId}`, title: item.name, domain: 'google.com' });
    }
    return out;
  }
  for (const { item, domain } of listed.slice(0, 3)) {
    if (domain) out.push({ url: `https://www.${domain}/`, title: item.name, domain });
  }
  const directory = (category && DIRECTORIES[category]) ?? DEFAULT_DIRECTORY;
  const where = town ? `/${pathSlug(town)}` : '';
  out.push({ url: `https://${directory}/${pathSlug(request.query)}${where}`, title: `${request.query}${town ? ` en ${town}` : ''}`, domain: directory.replace(/^www\./, '') });
  return out;
}

/** The demo engine for one engine id: instant, free, and labelled demo (docs/decisions.md §31.2). */
export function createDemoAiEngine(id: AiEngineId): AiEngine {
  const info = aiEngineInfo(id);
  return {
    id,
    provider: 'demo',
    scope: info.scope,
    creditsPerCall: info.creditsPerCall,
    liveCallPriceUsd: 0,
    liveTimeoutMs: 5_000,
    callsPerMinute: null,
    freeCallsPerDay: null,
    ask(request, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      return Promise.resolve(simulateAnswer({ ...request, engine: id }));
    },
  };
}
