import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import { z } from 'zod';
import { VENDOR, readEnvelope } from '../maps-search/dataforseo-parse';
import { DEFAULT_TIMEOUT_MS, callVendor } from '../maps-search/vendor-http';
import { DATAFORSEO_CALLS_PER_MINUTE, type DataForSeoAiOptions, askDataForSeoLive, dataForSeoAuth, tagField } from './dataforseo-ai-live';
import { readChatGptAnswer } from './dataforseo-chatgpt-parse';
import { type AiAnswerRequest, type AiEngine, AiEngineFatalError } from './interface';
import { aiVendorCall } from './vendor-errors';

// ChatGPT through DataForSEO's ChatGPT LLM Scraper (docs/decisions.md §31.9), asked once per
// sample for the grid's city:
//   live       https://docs.dataforseo.com/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced/
//   locations  https://docs.dataforseo.com/v3/ai_optimization/chat_gpt/llm_scraper/locations/ (free)
// It takes a location by name or code; coordinates would only set the country ("location will
// be automatically set to the country that contains the specified coordinates").

export const CHATGPT_LIVE_PATH = '/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced';
export const CHATGPT_LOCATIONS_PATH = '/v3/ai_optimization/chat_gpt/llm_scraper/locations';
/** "from $0.0012 per ChatGPT results page" queued; live is $0.004 (docs/decisions.md §31.1). The task's `cost` says what was charged. */
export const CHATGPT_LIVE_PRICE_USD = 0.004;
/**
 * "Execution time for tasks set with the Live ChatGPT LLM Scraper endpoint is currently up to
 * 120 seconds" (the endpoint's page; the product page says ≤ 90 s): waiting the documented
 * ceiling lets a slow answer finish rather than be billed and asked again.
 */
export const CHATGPT_LIVE_TIMEOUT_MS = 120_000;

const locationSchema = z.object({
  location_code: z.number().int(),
  location_name: z.string(),
  country_iso_code: z.string().nullish(),
  location_type: z.string().nullish(),
});
type ScraperLocation = z.infer<typeof locationSchema>;

/** The location a city is asked from, and the keyword as sent. */
export interface ChatGptLocation {
  locationCode: number;
  /** True when the city is not in the vendor's list and the country stands in for it. */
  countryWide: boolean;
}

/** Lower case, accents dropped, punctuation as spaces: «Málaga» and DataForSEO's «Malaga» are one city. */
const placeKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The city's location in the vendor's list: a location whose name's first part ("Malaga" of
 * "Malaga,Andalusia,Spain") is the city, a "City" before any other type; else the country.
 */
export function pickChatGptLocation(locations: readonly ScraperLocation[], city: AiAnswerRequest['city']): ChatGptLocation | null {
  const name = placeKey(city.name);
  const same = locations.filter((l) => l.location_type !== 'Country' && placeKey(l.location_name.split(',')[0] ?? '') === name);
  const best = same.find((l) => l.location_type === 'City') ?? same[0];
  if (best) return { locationCode: best.location_code, countryWide: false };
  const country = locations.find((l) => l.location_type === 'Country');
  return country ? { locationCode: country.location_code, countryWide: true } : null;
}

/** The task as the live endpoint takes it. A country standing in for its city gets the city in the question instead. */
export function chatGptTaskBody(request: AiAnswerRequest, location: ChatGptLocation): Record<string, unknown> {
  return {
    keyword: location.countryWide ? `${request.query} en ${request.city.name}` : request.query,
    location_code: location.locationCode,
    language_code: request.languageCode,
    ...tagField(request.tag),
  };
}

export function createDataForSeoChatGptEngine(opts: DataForSeoAiOptions, fetchImpl: typeof fetch = fetch): AiEngine {
  const { base, authorization } = dataForSeoAuth(opts);
  const timeoutMs = opts.timeoutMs ?? CHATGPT_LIVE_TIMEOUT_MS;
  const onOddItem = opts.onOddItem ?? (() => {});
  const info = aiEngineInfo('chatgpt');
  // One locations list per country for the life of the process (the catalogue builds the engine once); a failed lookup is not kept.
  const lists = new Map<string, Promise<ScraperLocation[]>>();

  // Shared by every question waiting on it, so no one caller's signal cancels it; its own timeout bounds it.
  const locationsOf = (country: string): Promise<ScraperLocation[]> => {
    const key = country.toLowerCase();
    let list = lists.get(key);
    if (!list) {
      list = aiVendorCall(async () => {
        const url = `${base}${CHATGPT_LOCATIONS_PATH}/${encodeURIComponent(key)}`;
        const { envelope } = readEnvelope(await callVendor(VENDOR, fetchImpl, url, { method: 'GET', headers: { authorization } }, DEFAULT_TIMEOUT_MS, undefined));
        return (envelope.tasks?.[0]?.result ?? []).flatMap((raw) => {
          const l = locationSchema.safeParse(raw);
          return l.success ? [l.data] : [];
        });
      });
      lists.set(key, list);
      list.catch(() => lists.delete(key));
    }
    return list;
  };

  return {
    id: 'chatgpt',
    provider: 'dataforseo',
    scope: info.scope,
    creditsPerCall: info.creditsPerCall,
    liveCallPriceUsd: CHATGPT_LIVE_PRICE_USD,
    liveTimeoutMs: timeoutMs,
    callsPerMinute: DATAFORSEO_CALLS_PER_MINUTE,
    freeCallsPerDay: null,
    async ask(request, signal) {
      const location = pickChatGptLocation(await locationsOf(request.city.countryCode), request.city);
      if (!location) throw new AiEngineFatalError(`${VENDOR} no puede consultar ChatGPT desde ${request.city.name} (${request.city.countryCode}): el país no está en su lista de ubicaciones.`);
      const read = (task: Parameters<typeof readChatGptAnswer>[0]) => readChatGptAnswer(task, onOddItem);
      return askDataForSeoLive({ ...opts, path: CHATGPT_LIVE_PATH, timeoutMs }, fetchImpl, chatGptTaskBody(request, location), read, signal);
    },
  };
}
