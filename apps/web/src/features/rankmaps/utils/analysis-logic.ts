import type { Place } from '@rankmaps/shared/schemas/places';
import type { RankMapStatus, RankMapStatusResponse, RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { wallClock } from '@rankmaps/shared/schedule';

/** docs/product.md §9: a running analysis's status is polled every 2 seconds. */
export const POLL_INTERVAL_MS = 2000;

/**
 * What a timeline entry reads (docs/product.md §4 "Analysis status"):
 * - weekly: the place's next automatic scan (the server's virtual entry);
 * - scheduled: 'Programado', a one-off still in the future;
 * - delayed: 'Retrasado', a scheduled or weekly run whose time has passed but has not started;
 * - queued: an analysis launched now, waiting for a worker;
 * - processing, completed, failed.
 */
export type TimelineState = 'weekly' | 'scheduled' | 'delayed' | 'queued' | 'processing' | 'completed' | 'failed';

type Entry = Pick<RankMapSummary, 'status' | 'kind' | 'scheduledFor' | 'virtual'>;

export function timelineState(entry: Entry, now: Date): TimelineState {
  if (entry.virtual) return 'weekly';
  if (entry.status !== 'pending') return entry.status;
  if (entry.scheduledFor === null) return 'queued';
  return Date.parse(entry.scheduledFor) > now.getTime() ? 'scheduled' : 'delayed';
}

/** Which status panel a running analysis shows: its title and body keys (status.<key>Title/Body). */
export type RunningPanel = 'waitingVendor' | 'processing' | 'delayed' | 'queued';

/**
 * What a running analysis shows while it is not finished. A processing one whose points wait in
 * the vendor's standard queue (docs/decisions.md §21.2) says so, with the points received.
 */
export function runningPanel(
  entry: Entry,
  live: RankMapStatusResponse,
  now: Date,
): { key: RunningPanel; waiting: NonNullable<RankMapStatusResponse['waitingVendor']> | null } {
  const waiting = live.status === 'processing' ? live.waitingVendor : null;
  if (waiting) return { key: 'waitingVendor', waiting };
  if (live.status === 'processing') return { key: 'processing', waiting: null };
  return { key: timelineState(entry, now) === 'delayed' ? 'delayed' : 'queued', waiting: null };
}

/** An entry has results or a state to show: everything but the weekly placeholder and a future one-off. */
export function isSelectable(entry: Entry, now: Date): boolean {
  const state = timelineState(entry, now);
  return state !== 'weekly' && state !== 'scheduled';
}

/**
 * Which delete the entry offers (docs/product.md §5: each asks for confirmation first): 'scheduled' for
 * a one-off still to come (DELETE /rankmap/scheduled/:id), 'analysis' for a finished one
 * (DELETE /rankmap/:id), none while it runs or waits and for the weekly placeholder.
 */
export function deleteKind(entry: Entry, now: Date): 'scheduled' | 'analysis' | null {
  const state = timelineState(entry, now);
  if (state === 'scheduled') return entry.kind === 'scheduled' ? 'scheduled' : null;
  if (state === 'completed' || state === 'failed') return 'analysis';
  return null;
}

/** Running, or about to run: its time has come (or it was launched now) and it has not finished. */
export function hasStarted(entry: Entry, now: Date): boolean {
  const state = timelineState(entry, now);
  return state === 'processing' || state === 'queued' || state === 'delayed';
}

/**
 * The analysis shown when the page opens (docs/product.md §4): the one processing if there is one (or
 * one just launched and waiting for a worker), otherwise the latest completed. With neither,
 * the latest failed one, so its reason shows. The list comes newest first.
 */
export function initialSelection(list: readonly (Entry & { id: string })[], now: Date): string | null {
  const by = (pred: (e: Entry) => boolean) => list.find((e) => !e.virtual && pred(e))?.id;
  return (
    by((e) => timelineState(e, now) === 'processing') ??
    by((e) => timelineState(e, now) === 'queued') ??
    by((e) => e.status === 'completed') ??
    by((e) => e.status === 'failed') ??
    null
  );
}

/** The selected entry still in the list, else the initial rule (it was deleted, or none was chosen yet). */
export function resolveSelection(chosen: string | null, list: readonly (Entry & { id: string })[], now: Date): string | null {
  if (chosen !== null && list.some((e) => e.id === chosen && isSelectable(e, now))) return chosen;
  return initialSelection(list, now);
}

const STATUS_ORDER: Record<RankMapStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2 };

export function isRunningStatus(status: RankMapStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/**
 * The freshest view of an analysis: the polled status when it is at least as far along as
 * the list's entry (statuses only move forward), else the entry.
 */
export function liveStatus(
  entry: Pick<RankMapSummary, 'status' | 'progress' | 'failureReason'>,
  polled: RankMapStatusResponse | undefined,
): RankMapStatusResponse {
  const fromEntry = { status: entry.status, progress: entry.progress, failureReason: entry.failureReason, waitingVendor: null };
  if (!polled) return fromEntry;
  const a = STATUS_ORDER[polled.status];
  const b = STATUS_ORDER[entry.status];
  if (a > b || (a === b && polled.progress >= entry.progress)) return polled;
  return fromEntry;
}

/**
 * Whether the selected analysis's status is polled (docs/product.md §4, every 2 s): it has started
 * (launched now, processing, or its scheduled time has passed) and is not finished as far
 * as we know.
 */
export function isPollingActive(
  entry: (Entry & Pick<RankMapSummary, 'progress' | 'failureReason'>) | undefined,
  polled: RankMapStatusResponse | undefined,
  now: Date,
): boolean {
  if (!entry || entry.virtual || !hasStarted(entry, now)) return false;
  return isRunningStatus(liveStatus(entry, polled).status);
}

/** Any entry besides the selected one is running: the list is refreshed now and then to follow it. */
export function listHasRunning(list: readonly Entry[], now: Date): boolean {
  return list.some((e) => !e.virtual && hasStarted(e, now));
}

/** Valid points of a place's grid (docs/decisions.md §2): cells with numeric coordinates; excluded and sea cells are null. */
export function validPointCount(matrix: Place['coordinatesMatrix']): number {
  let n = 0;
  for (const row of matrix) for (const cell of row) if (cell && Number.isFinite(cell.lat) && Number.isFinite(cell.lng)) n++;
  return n;
}

export type AnalysisCost = { kind: 'included' } | { kind: 'credits'; credits: number; balance: number; shortBy: number };

/** What an analysis costs the user (docs/decisions.md §2): 1 credit per valid point on pro plans, nothing extra on basic ones. */
export function analysisCost(
  planType: string,
  validPoints: number,
  balance: { subscriptionCredits: number; extraCredits: number },
): AnalysisCost {
  if (planType !== 'pro') return { kind: 'included' };
  const total = Math.max(0, balance.subscriptionCredits) + Math.max(0, balance.extraCredits);
  return { kind: 'credits', credits: validPoints, balance: total, shortBy: Math.max(0, validPoints - total) };
}

// ---- Dates in the place's time zone (docs/decisions.md §7) ----

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * A datetime-local value ('2025-03-10T09:30'), read on the wall clock of `timeZone`, as an
 * ISO instant; null when it is not such a value. A time in the spring DST gap lands an hour later.
 */
export function zonedLocalToIso(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000;
  guess = wall - offsetMinutes(guess, timeZone) * 60_000;
  return new Date(guess).toISOString();
}

/** The datetime-local value (minutes) `timeZone`'s clock reads at `instant`. */
export function isoToZonedLocal(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * What an analysis's screens say about where its positions came from (docs/decisions.md §21):
 * 'demo' for the simulation ("Datos de demostración"), 'approximation' for Google Places
 * Text Search ("Aproximación con Google Places": a text search biased to the point, not the
 * map a phone sees there), and null for real map searches (DataForSEO).
 */
export type DataSourceNotice = 'demo' | 'approximation' | null;

export function dataSourceNotice(entry: Pick<RankMapSummary, 'isDemo' | 'provider'>): DataSourceNotice {
  if (entry.isDemo) return 'demo';
  return entry.provider === 'google-places' ? 'approximation' : null;
}
