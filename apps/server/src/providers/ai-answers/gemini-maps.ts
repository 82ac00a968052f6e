import { aiEngineInfo } from '@rankmaps/shared/ai-engines';
import type { OddItemHook } from '../maps-search/dataforseo-parse';
import { callVendor, parseJson, retryAfterSeconds } from '../maps-search/vendor-http';
import { GEMINI, type GeminiUsage, geminiError, readGeminiAnswer } from './gemini-parse';
import { type AiAnswerRequest, type AiEngine, AiEngineFatalError } from './interface';
import { aiVendorCall } from './vendor-errors';

// Gemini grounded in Google Maps (docs/decisions.md §31.9), one call per grid point:
//   https://ai.google.dev/gemini-api/docs/maps-grounding
//   https://ai.google.dev/api/generate-content (models/{model}:generateContent, the x-goog-api-key header)
// The question carries the point as toolConfig.retrievalConfig.latLng, as a phone there would.

/** "$25 / 1,000 grounded prompts" beyond the free daily allowance (https://ai.google.dev/gemini-api/docs/pricing). */
export const GEMINI_GROUNDED_PROMPT_PRICE_USD = 0.025;
/**
 * Token prices per million (input, output incl. thinking) of the models we expect, from the same
 * page; another model's tokens are not priced (the grounded prompt dwarfs them: ~$0.001 a call).
 */
const TOKEN_PRICES_PER_MILLION: Record<string, { input: number; output: number }> = {
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
};
/** A grounded answer takes a few seconds; 60 s lets a slow one finish rather than be billed and asked again. */
export const GEMINI_TIMEOUT_MS = 60_000;
/**
 * Requests a minute of a Tier 1 project on Gemini 2.5 Flash, as the rate-limits page listed it
 * (https://ai.google.dev/gemini-api/docs/rate-limits; limits are per project, now shown in AI
 * Studio). A project on another tier or model meets its own limit as 429s with a RetryInfo wait.
 */
export const GEMINI_CALLS_PER_MINUTE = 1_000;

export interface GeminiOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs?: number;
  onOddItem?: OddItemHook;
  /** Grounded calls already made today and free; this process's own count unless another is given (docs/decisions.md §31.9). */
  allowance?: GroundedAllowance;
}

/** Counts grounded prompts against the free daily allowance: `take` says whether this one is free. */
export interface GroundedAllowance {
  take(at: Date): boolean;
}

/**
 * The day's free grounded prompts, counted in this process. Google's daily limits reset at
 * midnight Pacific time (https://ai.google.dev/gemini-api/docs/rate-limits), so the day is
 * America/Los_Angeles's. Several processes on one key each count their own: the figure is then
 * a lower bound of what Google bills.
 */
export function processAllowance(freePerDay: number): GroundedAllowance {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' });
  let current = '';
  let used = 0;
  return {
    take(at) {
      const today = day.format(at);
      if (today !== current) {
        current = today;
        used = 0;
      }
      used += 1;
      return used <= freePerDay;
    },
  };
}

/** The question in Spanish, as someone standing at the point would ask it (the docs' "… from here?"). */
export function geminiPrompt(query: string): string {
  return `¿Qué ${query.trim()} me recomiendas cerca de aquí?`;
}

/** The documented generateContent body: the prompt, the Google Maps tool, and the point with the market's language. */
export function geminiBody(request: AiAnswerRequest): Record<string, unknown> {
  return {
    contents: [{ role: 'user', parts: [{ text: geminiPrompt(request.query) }] }],
    tools: [{ googleMaps: {} }],
    toolConfig: { retrievalConfig: { latLng: { latitude: request.lat, longitude: request.lng }, languageCode: request.languageCode } },
  };
}

function tokenCostUsd(model: string, usage: GeminiUsage | null): number {
  const price = TOKEN_PRICES_PER_MILLION[model];
  if (!price || !usage) return 0;
  const input = (usage.promptTokenCount ?? 0) + (usage.toolUsePromptTokenCount ?? 0);
  const output = (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
  return (input * price.input + output * price.output) / 1_000_000;
}

export function createGeminiMapsEngine(opts: GeminiOptions, fetchImpl: typeof fetch = fetch): AiEngine {
  const info = aiEngineInfo('gemini-maps');
  const timeoutMs = opts.timeoutMs ?? GEMINI_TIMEOUT_MS;
  const onOddItem = opts.onOddItem ?? (() => {});
  const allowance = opts.allowance ?? processAllowance(info.freeCallsPerDay ?? 0);
  const url = `${opts.baseUrl.replace(/\/$/, '')}/v1beta/models/${encodeURIComponent(opts.model)}:generateContent`;
  return {
    id: 'gemini-maps',
    provider: 'gemini',
    scope: info.scope,
    creditsPerCall: info.creditsPerCall,
    // What a call that never answered may have cost: a grounded prompt beyond the allowance.
    liveCallPriceUsd: GEMINI_GROUNDED_PROMPT_PRICE_USD,
    liveTimeoutMs: timeoutMs,
    callsPerMinute: GEMINI_CALLS_PER_MINUTE,
    freeCallsPerDay: info.freeCallsPerDay,
    ask: (request, signal) =>
      aiVendorCall(async () => {
        const init = { method: 'POST', headers: { 'x-goog-api-key': opts.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(geminiBody(request)) };
        const answer = await callVendor(GEMINI, fetchImpl, url, init, timeoutMs, signal);
        const body = parseJson(answer.text);
        if (answer.status < 200 || answer.status >= 300) throw geminiError(answer.status, body, retryAfterSeconds(answer.headers));
        if (body === undefined) throw new AiEngineFatalError(`${GEMINI} ha devuelto una respuesta que no se puede leer.`);
        const { text, businesses, sources, grounded, usage } = readGeminiAnswer(body, onOddItem);
        const groundedUsd = grounded && !allowance.take(new Date()) ? GEMINI_GROUNDED_PROMPT_PRICE_USD : 0;
        return { text, businesses, sources, costUsd: groundedUsd + tokenCostUsd(opts.model, usage) };
      }),
  };
}
