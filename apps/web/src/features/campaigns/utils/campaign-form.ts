import { AI_DEFAULT_GRID_SIZE, AI_DEFAULT_SAMPLES } from '@rankmaps/shared/schemas/ai-visibility';
import type { Campaign, CampaignFrequency, CampaignRequest } from '@rankmaps/shared/schemas/campaigns';
import type { AiEngineIdValue } from '@/components/ai/ai-round-fields';

/**
 * The editor's state (docs/workspace.md «Campañas»): every field any frequency needs is kept, so
 * switching from weekly to monthly and back keeps the weekday; the request takes only the ones
 * its frequency uses, as campaignRuleError demands.
 */
export interface CampaignForm {
  name: string;
  frequency: CampaignFrequency;
  /** Weekly and every two weeks: 0 (Sunday) to 6. */
  weekday: number;
  /** Monthly: 1 to 28. */
  monthDay: number;
  /** Once: 'YYYY-MM-DD'. */
  date: string;
  hour: number;
  useWindow: boolean;
  windowStart: number;
  windowEnd: number;
  keywordIds: string[];
  /** AI visibility in each round (docs/decisions.md §31.16): on or off, its engines, grid and samples. */
  useAi: boolean;
  aiEngines: AiEngineIdValue[];
  aiGridSize: number;
  aiSamples: number;
}

/** 'YYYY-MM-DD' of the day after `now`, on the browser's calendar: a «once» campaign's first proposal. */
function tomorrow(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A new campaign: every Monday at 9:00, in a 9:00–13:00 window when one is asked for. */
export function emptyForm(now = new Date()): CampaignForm {
  return {
    name: '',
    frequency: 'weekly',
    weekday: 1,
    monthDay: 1,
    date: tomorrow(now),
    hour: 9,
    useWindow: false,
    windowStart: 9,
    windowEnd: 13,
    keywordIds: [],
    useAi: false,
    aiEngines: ['google-ai-mode'],
    aiGridSize: AI_DEFAULT_GRID_SIZE,
    aiSamples: AI_DEFAULT_SAMPLES,
  };
}

/** The editor's state for a saved campaign. */
export function formOf(c: Campaign, now = new Date()): CampaignForm {
  const base = emptyForm(now);
  return {
    name: c.name,
    frequency: c.frequency,
    weekday: c.frequency === 'weekly' || c.frequency === 'biweekly' ? (c.day ?? base.weekday) : base.weekday,
    monthDay: c.frequency === 'monthly' ? (c.day ?? base.monthDay) : base.monthDay,
    date: c.date ?? base.date,
    hour: c.hour,
    useWindow: c.window !== null,
    windowStart: c.window?.start ?? base.windowStart,
    windowEnd: c.window?.end ?? base.windowEnd,
    keywordIds: c.keywordIds,
    useAi: c.ai !== null,
    aiEngines: c.ai?.engines ?? base.aiEngines,
    aiGridSize: c.ai?.gridSize ?? base.aiGridSize,
    aiSamples: c.ai?.samples ?? base.aiSamples,
  };
}

/** The API's request for the editor's state: a day only for the frequencies that have one, a date only for «once». */
export function requestOf(f: CampaignForm): CampaignRequest {
  const day = f.frequency === 'weekly' || f.frequency === 'biweekly' ? f.weekday : f.frequency === 'monthly' ? f.monthDay : null;
  return {
    name: f.name,
    frequency: f.frequency,
    day,
    date: f.frequency === 'once' ? f.date : null,
    hour: f.hour,
    window: f.useWindow ? { start: f.windowStart, end: f.windowEnd } : null,
    keywordIds: f.keywordIds,
    // With no engine ticked the server says why in Spanish (the preview shows it), rather than turning AI off silently.
    ai: f.useAi ? { engines: f.aiEngines, gridSize: f.aiGridSize, samples: f.aiSamples } : null,
  };
}

/** Ticks or unticks every keyword of a place («todas»), keeping the others' choice and the order. */
export function toggleAll(selected: string[], placeKeywordIds: string[], on: boolean): string[] {
  const rest = selected.filter((id) => !placeKeywordIds.includes(id));
  return on ? [...rest, ...placeKeywordIds] : rest;
}
