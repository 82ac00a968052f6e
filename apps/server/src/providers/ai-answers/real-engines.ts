import type { Config } from '../../config';
import { createDataForSeoAiModeEngine } from './dataforseo-ai-mode';
import { createDataForSeoAiOverviewEngine } from './dataforseo-ai-overview';
import { createDataForSeoChatGptEngine } from './dataforseo-chatgpt';
import { createGeminiMapsEngine } from './gemini-maps';
import type { AiEngine, AiEngineId } from './interface';

/** Where a real adapter reports what it could not read. */
type Log = { warn(obj: object, msg: string): void };

/** An engine's real adapter, or its vendor not configured. */
export type RealEngine = { engine: AiEngine } | { missing: 'credentials' };

/** The real adapter for an engine when its vendor is configured (docs/decisions.md §31.1 and docs/decisions.md §31.9). */
export function realAiEngine(id: AiEngineId, config: Config['aiAnswers'], log: Log | undefined, fetchImpl: typeof fetch): RealEngine {
  const odd = (vendor: string) => (item: unknown, reason: string) => log?.warn({ provider: vendor, engine: id, item }, `elemento de ${vendor} descartado: ${reason}`);
  const dataforseo = config.dataforseo ? { ...config.dataforseo, onOddItem: odd('DataForSEO') } : null;
  switch (id) {
    case 'google-ai-mode':
      return dataforseo ? { engine: createDataForSeoAiModeEngine(dataforseo, fetchImpl) } : { missing: 'credentials' };
    case 'google-ai-overview':
      return dataforseo ? { engine: createDataForSeoAiOverviewEngine(dataforseo, fetchImpl) } : { missing: 'credentials' };
    case 'chatgpt':
      return dataforseo ? { engine: createDataForSeoChatGptEngine(dataforseo, fetchImpl) } : { missing: 'credentials' };
    case 'gemini-maps':
      return config.gemini ? { engine: createGeminiMapsEngine({ ...config.gemini, onOddItem: odd('Gemini') }, fetchImpl) } : { missing: 'credentials' };
  }
}
