import type { Container } from '../src/container';
import { sleep } from '../src/lib/sleep';
import type { AiMatcher } from '../src/modules/ai-visibility/ai-matcher';
import { type AiScanDeps, aiScanDeps } from '../src/modules/ai-visibility/scan/ai-scan.service';
import {
  type AiAnswer,
  type AiAnswerRequest,
  type AiEngine,
  type AiEngineCatalogue,
  AiEngineFatalError,
  type AiEngineId,
  AiEngineRetryableError,
  AI_ENGINE_IDS,
} from '../src/providers/ai-answers/interface';

// Test doubles of the AI engines for the pipeline's tests: a vendor that answers a fixed list
// of businesses (the target among them on the points a test chooses), fails the calls a test
// names, and can take time to answer. The real engines and the demo are tested in
// providers/ai-answers.

export type AiFailure = 'retryable' | 'fatal' | null;

export interface ScriptedAiOptions {
  /** Whether the answer names the target here. */
  names?: (request: AiAnswerRequest) => boolean;
  fail?: (request: AiAnswerRequest, attempt: number) => AiFailure;
  delayMs?: number | ((request: AiAnswerRequest) => number);
  provider?: AiEngine['provider'];
  callsPerMinute?: number | null;
  freeCallsPerDay?: number;
  /** The engine's own live timeout (a real vendor's is seconds to 90 s). */
  liveTimeoutMs?: number;
  costUsd?: number;
  /** Engines that cannot run, with the reason the catalogue gives. */
  unavailable?: Partial<Record<AiEngineId, string>>;
}

const SCOPES: Record<AiEngineId, 'point' | 'city'> = { 'google-ai-mode': 'point', 'google-ai-overview': 'point', chatgpt: 'city', 'gemini-maps': 'point' };

export function scriptedAiEngines(opts: ScriptedAiOptions = {}) {
  const attempts = new Map<string, number>();
  const calls: { engine: AiEngineId; tag: string | undefined; at: number }[] = [];
  const make = (id: AiEngineId): AiEngine => ({
    id,
    provider: opts.provider ?? 'dataforseo',
    scope: SCOPES[id],
    creditsPerCall: id === 'gemini-maps' ? 2 : 1,
    liveCallPriceUsd: 0.004,
    liveTimeoutMs: opts.liveTimeoutMs ?? 5_000,
    callsPerMinute: opts.callsPerMinute ?? null,
    freeCallsPerDay: id === 'gemini-maps' ? (opts.freeCallsPerDay ?? 500) : null,
    async ask(request, signal): Promise<AiAnswer> {
      const key = request.tag ?? `${id}:${request.lat},${request.lng}:${request.sample}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      calls.push({ engine: id, tag: request.tag, at: Date.now() });
      const delay = typeof opts.delayMs === 'function' ? opts.delayMs(request) : (opts.delayMs ?? 0);
      if (delay > 0) await sleep(delay, signal);
      const failure = opts.fail?.(request, attempt) ?? null;
      if (failure === 'retryable') throw new AiEngineRetryableError('HTTP 503 del proveedor', undefined, 0.001);
      if (failure === 'fatal') throw new AiEngineFatalError('HTTP 401: credenciales no válidas');
      const named = opts.names?.(request) ?? request.sample % 2 === 1;
      const businesses = [
        { position: 1, name: 'Clínica Dental Rival', placeId: 'rival-1', cid: null, domain: 'rival.es' },
        ...(named && request.target ? [{ position: 2, name: request.target.name, placeId: request.target.placeId, cid: null, domain: null }] : []),
      ];
      return { text: `Te recomiendo ${businesses.map((b) => b.name).join(' y ')}.`, businesses, sources: [{ url: 'https://rival.es', title: 'Rival', domain: 'rival.es' }], costUsd: opts.costUsd ?? 0.004 };
    },
  });
  const engines = new Map(AI_ENGINE_IDS.map((id) => [id, make(id)]));
  const catalogue: AiEngineCatalogue = {
    get: (id) => (opts.unavailable?.[id] ? null : (engines.get(id) ?? null)),
    list: () => AI_ENGINE_IDS.map((id) => ({ id, available: !opts.unavailable?.[id], reason: opts.unavailable?.[id] ?? null, engine: opts.unavailable?.[id] ? null : (engines.get(id) ?? null) })),
  };
  return { catalogue, attempts, calls };
}

/** A matcher by place id alone: the pipeline's tests check what is stored and charged, not the matching rules (providers/ai-answers tests those). */
export const placeIdMatcher: AiMatcher = {
  match(target, businesses) {
    const hit = businesses.find((b) => b.placeId === target.placeId);
    return hit ? { named: true, rule: 'place_id', position: hit.position } : { named: false, rule: null, position: null };
  },
  keyOf: (b) => (b.placeId ? `place:${b.placeId}` : `name:${b.name.toLowerCase()}`),
};

/** AI scan dependencies for tests: tiny backoff, so retries take milliseconds. */
export function fastAiScanDeps(container: Container, catalogue: AiEngineCatalogue, overrides: Partial<Omit<AiScanDeps, 'container' | 'engines' | 'match'>> = {}): AiScanDeps {
  return aiScanDeps(container, catalogue, placeIdMatcher, { retry: { maxAttempts: 3, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 5_000 }, ...overrides });
}
