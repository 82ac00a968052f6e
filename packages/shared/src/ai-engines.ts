// The AI answer engines an AI-visibility analysis can ask (issue 30; docs/decisions.md §31.1):
// one table that the server (quotes, charging, the engine catalogue) and the web app (the
// engine picker, the cost shown before a scan) both read. What each call costs the user
// comes from the vendors' list prices; the reasoning is in docs/decisions.md §31.1.

/** The engines, in the order screens list them. */
export const AI_ENGINE_IDS = ['google-ai-mode', 'google-ai-overview', 'chatgpt', 'gemini-maps'] as const;
export type AiEngineId = (typeof AI_ENGINE_IDS)[number];

export interface AiEngineInfo {
  id: AiEngineId;
  /** How screens name it. */
  label: string;
  /** 'point': asked from every grid point; 'city': asked for the whole city, shown as one figure. */
  scope: 'point' | 'city';
  /** Credits one call costs the user (one point and sample, or one city sample). */
  creditsPerCall: number;
  /**
   * Calls a day the vendor gives free before it charges (Gemini's grounding allowance), shared
   * by the whole server; null when the vendor charges every call.
   */
  freeCallsPerDay: number | null;
  /** The vendor behind the real adapter, as screens name it. */
  vendor: string;
}

export const AI_ENGINES: readonly AiEngineInfo[] = [
  { id: 'google-ai-mode', label: 'Google AI Mode', scope: 'point', creditsPerCall: 1, freeCallsPerDay: null, vendor: 'DataForSEO' },
  { id: 'google-ai-overview', label: 'Google AI Overviews', scope: 'point', creditsPerCall: 1, freeCallsPerDay: null, vendor: 'DataForSEO' },
  { id: 'chatgpt', label: 'ChatGPT', scope: 'city', creditsPerCall: 1, freeCallsPerDay: null, vendor: 'DataForSEO' },
  { id: 'gemini-maps', label: 'Gemini (Google Maps)', scope: 'point', creditsPerCall: 2, freeCallsPerDay: 500, vendor: 'Google' },
];

export function isAiEngineId(value: unknown): value is AiEngineId {
  return typeof value === 'string' && (AI_ENGINE_IDS as readonly string[]).includes(value);
}

/** The table's row for an engine. */
export function aiEngineInfo(id: AiEngineId): AiEngineInfo {
  const info = AI_ENGINES.find((e) => e.id === id);
  if (!info) throw new RangeError(`Unknown AI engine: ${id}`);
  return info;
}

/**
 * Calls one analysis makes on an engine: every point × sample for a point engine, one call
 * per sample for a city-wide one.
 */
export function aiEngineCalls(id: AiEngineId, gridSize: number, samples: number): number {
  return aiEngineInfo(id).scope === 'city' ? samples : gridSize * gridSize * samples;
}

/** Credits one analysis costs on an engine. */
export function aiEngineCredits(id: AiEngineId, gridSize: number, samples: number): number {
  return aiEngineCalls(id, gridSize, samples) * aiEngineInfo(id).creditsPerCall;
}
