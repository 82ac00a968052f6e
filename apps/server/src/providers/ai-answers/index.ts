import { AI_ENGINE_IDS } from '@rankmaps/shared/ai-engines';
import type { Config } from '../../config';
import { sleep } from '../../lib/sleep';
import { createDemoAiEngine } from './demo';
import { createDemoAiQueue } from './demo-queue';
import type { AiEngine, AiEngineCatalogue, AiEngineId } from './interface';
import { withAiMetering } from './metered';
import { realAiEngine } from './real-engines';

export * from './interface';

/** Where a real adapter reports what it could not read (the container's log). */
export type AiEngineLog = { warn(obj: object, msg: string): void };

/** Why an engine cannot run here, in the Spanish the engine picker shows. */
const MISSING: Record<AiEngineId, string> = {
  'google-ai-mode': 'Falta configurar DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD en el servidor.',
  'google-ai-overview': 'Falta configurar DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD en el servidor.',
  chatgpt: 'Falta configurar DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD en el servidor.',
  'gemini-maps': 'Falta configurar GEMINI_API_KEY en el servidor.',
};

/** The engines whose real adapter has a standard queue (DataForSEO's SERP types): their demo has one too. */
const DEMO_QUEUED = new Set<AiEngineId>(['google-ai-mode', 'google-ai-overview']);

/** The demo engine, answering `ms` later as a real vendor would (DEMO_SEARCH_LATENCY_MS). */
function withLatency(engine: AiEngine, ms: number): AiEngine {
  return {
    ...engine,
    async ask(request, signal) {
      await sleep(ms, signal);
      return engine.ask(request, signal);
    },
  };
}

/**
 * Every AI engine this process can ask (docs/decisions.md §31.1): an engine whose vendor is
 * configured uses its real adapter; without credentials it runs on the demo engine when rank
 * data is the demo's (the embedded default), and cannot run otherwise, saying why.
 */
export function createAiEngineCatalogue(config: Pick<Config, 'aiAnswers'>, log?: AiEngineLog, fetchImpl: typeof fetch = fetch): AiEngineCatalogue {
  const a = config.aiAnswers;
  const engines = new Map<AiEngineId, { engine: AiEngine | null; reason: string | null }>();
  for (const id of AI_ENGINE_IDS) {
    const real = realAiEngine(id, a, log, fetchImpl);
    if ('engine' in real) {
      engines.set(id, { engine: withAiMetering(real.engine), reason: null });
    } else if (a.demoFallback) {
      const demo = createDemoAiEngine(id);
      // The engines whose real vendor has a standard queue get the demo's (docs/decisions.md §31.16).
      const queue = DEMO_QUEUED.has(id) ? { standardQueue: createDemoAiQueue(demo, { delayMs: a.demoQueueDelaySeconds * 1000 }) } : {};
      engines.set(id, { engine: { ...(a.demoLatencyMs > 0 ? withLatency(demo, a.demoLatencyMs) : demo), ...queue }, reason: null });
    } else {
      engines.set(id, { engine: null, reason: MISSING[id] });
    }
  }
  return {
    get: (id) => engines.get(id)?.engine ?? null,
    list: () =>
      AI_ENGINE_IDS.map((id) => {
        const { engine, reason } = engines.get(id)!;
        return { id, available: engine !== null, reason, engine };
      }),
  };
}

/** What /api/health reports: each engine's implementation ('demo', 'dataforseo', 'gemini') or 'disabled', under 'ai.<engine id>'. */
export function aiEnginesHealth(catalogue: AiEngineCatalogue): Record<string, string> {
  return Object.fromEntries(catalogue.list().map((e) => [`ai.${e.id}`, e.engine?.provider ?? 'disabled']));
}
