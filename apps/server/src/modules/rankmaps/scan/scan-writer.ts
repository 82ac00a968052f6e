import type { Db } from '../../../db/client';
import { retryWithBackoff } from '../../../lib/retry';
import { type NewRankResult, rankResultsRepository } from '../rank-results.repository';
import type { BusinessRegistry } from '../result-businesses';
import { rankMapsRepository } from '../rankmaps.repository';

export interface ScanWriterOptions {
  db: Db;
  rankMapId: string;
  runToken: string;
  totalPoints: number;
  alreadyStored: number;
  /** The analysis's businesses, numbered: the stored ones when the run resumes. */
  businesses: BusinessRegistry;
  /** Write when this many points wait… */
  flushEvery: number;
  /** …or at this interval, whichever comes first. */
  flushIntervalMs: number;
  /** With nothing to write, the lease is still renewed this often. */
  heartbeatMs: number;
  /** Called once when the lease turns out to be lost (another run took it, or the analysis was deleted). */
  onLost: () => void;
  /** Waits before each new try of a failed write; WRITE_RETRY_DELAYS_MS unless a test shortens them. */
  writeRetryDelaysMs?: readonly number[];
  /** Told of each failed write that will be tried again (for a warning in the log). */
  onWriteRetry?: (err: unknown, delayMs: number) => void;
}

export interface ScanWriter {
  readonly lost: boolean;
  add(result: NewRankResult): Promise<void>;
  /** Writes what is left; throws the write error that outlasted its retries, if any. */
  close(): Promise<void>;
  /** Stops the timer and any retry of a failed write; for a run that ends early. */
  dispose(): void;
}

/**
 * Points that may wait for a write before the scan's searches wait for it too. Only a fast
 * provider gets near it; a crash loses at most these, which the resumed run searches again
 * (and never charges twice).
 */
const MAX_WAITING = 200;

/**
 * A failed write (a database restart, a dropped connection) is tried again after each of
 * these: about 4 s in all, so a blip does not end the run, while a longer outage still
 * fails it soon and leaves the analysis to the job's retry or the sweeper, whose stale
 * period (2 minutes) is far longer, so no other run takes the lease meanwhile.
 */
export const WRITE_RETRY_DELAYS_MS = [200, 1000, 3000] as const;

/**
 * Stores a scan's results in batches, each in one transaction with the progress and the
 * heartbeat, and only while the run still holds its lease. Writes are chained, so batches
 * never overlap. A write starts once `flushEvery` points wait; while it runs, searching goes
 * on and the points that arrive wait for the next write, which takes them all. So a slow
 * provider writes every `flushEvery` points, and a fast one writes a few large batches
 * while it keeps searching (a 25×25 demo scan: 5 to 13 writes, where it took over 60); only
 * a backlog of MAX_WAITING points makes the searches wait. A failed write is tried again
 * (WRITE_RETRY_DELAYS_MS) before the run gives up, and the searches go on meanwhile.
 */
export function createScanWriter(o: ScanWriterOptions): ScanWriter {
  let buffer: NewRankResult[] = [];
  let written = o.alreadyStored;
  let lost = false;
  let failure: unknown = null;
  let lastWrite = Date.now();
  let chain: Promise<void> = Promise.resolve();
  /** The write waiting for the one in progress; points added meanwhile join it. */
  let queued: Promise<void> | null = null;

  /** Aborted by dispose(): the run is over, so a failed write is not tried again. */
  const disposed = new AbortController();
  let businesses = o.businesses;

  /**
   * One try of a batch, in one transaction that first checks the lease: a try never writes
   * once the lease is lost, however long the retries took. A point is written at most once
   * however often it is tried (results are inserted `on conflict do nothing`, by point).
   */
  const tryBatch = (batch: NewRankResult[], progress: number, retry: boolean) =>
    o.db.transaction(async (tx) => {
      if (!(await rankMapsRepository.updateLeased(tx, o.rankMapId, o.runToken, { progress }))) return false;
      // The failed try numbered some businesses in memory that it did not store; the stored
      // ones are read again so that every point's references name a stored business.
      if (retry) businesses = await rankResultsRepository.registryFor(tx, o.rankMapId);
      await rankResultsRepository.insertMany(tx, batch, businesses);
      return true;
    });

  const write = async () => {
    queued = null;
    if (lost || failure !== null) return;
    const batch = buffer;
    buffer = [];
    const progress = Math.min(99, Math.floor((100 * (written + batch.length)) / Math.max(1, o.totalPoints)));
    try {
      const held = await retryWithBackoff((n) => tryBatch(batch, progress, n > 1), {
        delaysMs: o.writeRetryDelaysMs ?? WRITE_RETRY_DELAYS_MS,
        signal: disposed.signal,
        onRetry: o.onWriteRetry,
      });
      lastWrite = Date.now();
      if (!held) {
        lost = true;
        o.onLost();
        return;
      }
      written += batch.length;
    } catch (err) {
      failure = err;
      o.onLost();
    }
  };
  const flush = (): Promise<void> => {
    if (!queued) queued = chain = chain.then(write);
    return queued;
  };

  const timer = setInterval(() => {
    if (buffer.length > 0 || Date.now() - lastWrite >= o.heartbeatMs) void flush();
  }, o.flushIntervalMs);
  timer.unref();

  const rethrow = () => {
    if (failure !== null) throw failure;
  };

  return {
    get lost() {
      return lost;
    },
    async add(result) {
      rethrow();
      buffer.push(result);
      if (buffer.length >= o.flushEvery) {
        const written = flush();
        if (buffer.length >= MAX_WAITING) await written;
      }
      rethrow();
    },
    async close() {
      clearInterval(timer);
      if (buffer.length > 0) await flush();
      await chain;
      rethrow();
    },
    dispose() {
      clearInterval(timer);
      disposed.abort();
    },
  };
}
