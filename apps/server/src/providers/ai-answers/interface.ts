/**
 * AI answers for an AI-visibility analysis (issue 30): what an AI engine says when asked a
 * local question ("dentista cerca de mí") from one grid point, or for one city. One interface,
 * one adapter per engine and vendor, and the demo engine that runs every engine locally.
 */

import type { AiEngineId } from '@rankmaps/shared/ai-engines';

/** The engines an analysis can ask, in the order screens list them: the one table in packages/shared (docs/decisions.md §31.1). */
export { AI_ENGINE_IDS, type AiEngineId } from '@rankmaps/shared/ai-engines';

/** One question, asked as if from (lat, lng) for point engines, or from `city` for city-wide ones. */
export interface AiAnswerRequest {
  engine: AiEngineId;
  /** The keyword, as the user typed it. */
  query: string;
  lat: number;
  lng: number;
  /** The city the grid's centre is in, for engines that take a location name, not coordinates. */
  city: { name: string; countryCode: string };
  /** The market's language ('es'). */
  languageCode: string;
  /** 1-based sample number at this point: the demo varies its answer by it; real vendors ignore it. */
  sample: number;
  /**
   * The business being tracked. Real adapters ignore it; the demo uses it so that the business
   * takes part in its simulated market.
   */
  target?: { placeId: string; name: string; lat: number; lng: number; domain: string | null };
  /** When the question is asked: the demo varies a little from week to week. */
  now?: Date;
  /** Our own name for this call (≤ 255 characters), sent where the vendor keeps one (DataForSEO's `tag`). */
  tag?: string;
  /**
   * The analysis this call belongs to: its id and how many analyses of the same keyword came
   * before it. Real adapters ignore it; the demo varies its answers by it (docs/decisions.md §31.11).
   */
  run?: { id: string; ordinal: number };
}

/** One business the answer names, in the order the answer lists them (position 1-based). */
export interface AiNamedBusiness {
  position: number;
  name: string;
  placeId: string | null;
  /** Google's customer id, when the answer links to a Maps entry that carries it. */
  cid: string | null;
  /** The business's web domain ('example.com'), when the answer links to it. */
  domain: string | null;
}

export interface AiSource {
  url: string;
  title: string | null;
  domain: string;
}

export interface AiAnswer {
  /** The answer's text as the engine wrote it (markdown allowed); '' when it gave none. */
  text: string;
  /** Every business the answer names, in order; [] when it names none. */
  businesses: AiNamedBusiness[];
  /** The sources the answer cites. */
  sources: AiSource[];
  /** What the vendor charged, in USD: its own cost field, or the documented list price; 0 for the demo. */
  costUsd: number;
}

/** A failure worth retrying: 429, 5xx, a timeout, a dropped connection. */
export class AiEngineRetryableError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
    /** What the vendor charged for the failed try; 0 when nothing. */
    readonly costUsd = 0,
  ) {
    super(message);
    this.name = 'AiEngineRetryableError';
  }
}

/**
 * The vendor did not answer in time. Unlike a refused call, the question may have been asked
 * and billed: the caller counts the engine's liveCallPriceUsd and asks again under the same tag.
 */
export class AiEngineTimeoutError extends AiEngineRetryableError {
  constructor(message: string) {
    super(message);
    this.name = 'AiEngineTimeoutError';
  }
}

/** A failure retrying cannot fix: bad credentials, a refused request, an unreadable answer. */
export class AiEngineFatalError extends Error {
  constructor(
    message: string,
    readonly costUsd = 0,
  ) {
    super(message);
    this.name = 'AiEngineFatalError';
  }
}

/** One question handed to a vendor's standard queue; the vendor returns `tag` with the task. */
export interface AiQueuedAsk {
  tag: string;
  request: AiAnswerRequest;
}

/** What the vendor said of one posted task: accepted with an id (and charged), or refused. */
export type AiPostedTask =
  | { tag: string; ok: true; taskId: string; costUsd: number }
  | { tag: string; ok: false; error: string; fatal: boolean; costUsd: number };

/** A task the vendor has finished and not yet handed over. */
export interface AiReadyTask {
  taskId: string;
  tag: string | null;
}

/** A task the vendor holds under one of our tags, found after its POST answer was lost. */
export interface AiFoundTask {
  tag: string;
  taskId: string;
  costUsd: number;
}

/** One task's state when asked for its answer. Collecting is free: the answer's costUsd is 0. */
export type AiCollectedTask = { state: 'ready'; answer: AiAnswer } | { state: 'pending' } | { state: 'failed'; error: string; fatal: boolean };

/**
 * A vendor's cheaper, slower queue (DataForSEO's standard queue), the same contract as the map
 * scans' MapsSearchStandardQueue: tasks are posted in batches, billed when posted, and
 * collected once ready. Calls that fail as a whole throw AiEngineRetryableError or AiEngineFatalError.
 */
export interface AiStandardQueue {
  /** Tasks one post may carry. */
  readonly maxTasksPerPost: number;
  /** The documented list price of one task, in USD. */
  readonly taskPriceUsd: number;
  /** When known, how long a posted task takes to be ready (the demo queue's delay): the first poll comes no later. */
  readonly readySeconds?: number;
  post(tasks: AiQueuedAsk[], signal?: AbortSignal): Promise<AiPostedTask[]>;
  /** Finished tasks not yet collected, of every analysis (the list is per account). */
  ready(signal?: AbortSignal): Promise<AiReadyTask[]>;
  collect(taskId: string, signal?: AbortSignal): Promise<AiCollectedTask>;
  /** Tasks posted since `since` whose tag is one of `tags`: what a POST whose answer never came did create. */
  findPosted?(tags: string[], since: Date, signal?: AbortSignal): Promise<AiFoundTask[]>;
}

/** One engine as configured in this process. */
export interface AiEngine {
  readonly id: AiEngineId;
  /** Which implementation answers: the demo engine, or a vendor. */
  readonly provider: 'demo' | 'dataforseo' | 'gemini';
  /** 'point': asked once per grid point and sample; 'city': once per sample for the whole city. */
  readonly scope: 'point' | 'city';
  /** Credits one call costs the user. */
  readonly creditsPerCall: number;
  /** The documented list price of one live call, in USD (what a timed-out call may have cost); 0 for the demo. */
  readonly liveCallPriceUsd: number;
  /** How long one live call may take (the vendor's own ceiling). */
  readonly liveTimeoutMs: number;
  /** Calls a minute the vendor allows, for the shared rate limiter; null when unlimited. */
  readonly callsPerMinute: number | null;
  /** Free calls a day before the vendor charges (Gemini's grounding allowance); null when none. */
  readonly freeCallsPerDay: number | null;
  ask(request: AiAnswerRequest, signal?: AbortSignal): Promise<AiAnswer>;
  /** Present when the vendor has a standard queue (Google AI Mode on DataForSEO): scheduled analyses may use it. */
  readonly standardQueue?: AiStandardQueue;
}

/** Every engine, whether it can run here, and why not. */
export interface AiEngineCatalogue {
  /** The engine for an id, or null when it cannot run in this process (no credentials). */
  get(id: AiEngineId): AiEngine | null;
  /** Each engine's availability, for GET /api/ai-visibility/engines. */
  list(): Array<{ id: AiEngineId; available: boolean; reason: string | null; engine: AiEngine | null }>;
}
