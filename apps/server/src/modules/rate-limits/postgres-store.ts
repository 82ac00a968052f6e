import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Container } from '../../container';
import { AppError } from '../../errors';
import { requestCounterRepository } from './request-counter.repository';

/**
 * @fastify/rate-limit's store, backed by PostgreSQL so that every API process shares one count
 * per client. Two ways of counting, one per kind of limit (policy.ts):
 *
 * - Exact (every limit created for a route, `app.createRateLimit`): each request is one atomic
 *   upsert, so exactly `max` requests fit in a window across every process. The sensitive
 *   endpoints are rare and already expensive (argon2, e-mail, image decoding), so the round
 *   trip costs little next to what they do. With the database unreachable they fail closed:
 *   a Spanish 503, since the endpoint behind them needs the database anyway.
 * - Batched (the global per-address limit of every API call): at about 1,000 requests per
 *   second a round trip per call would cost more than the flood it guards against. Each process
 *   counts in memory and, every `flushMs`, adds its per-client counts to the database in one
 *   statement, reading back the totals of every process. Between two flushes a process does
 *   not see the others' requests, so a client may overshoot the limit by what it sends to the
 *   other processes in about one flush interval. With the database unreachable it fails open
 *   to counting in this process alone (a logged warning), and shares again once it is back.
 */
export interface PostgresRateLimitStore {
  /** The class to give @fastify/rate-limit as `store`. */
  Store: FastifyRateLimitStoreCtor;
  /** Shares the counts gathered since the last flush; the timer calls it every `flushMs`. */
  flush(): Promise<void>;
  /** Stops the timer; counts not yet shared are dropped (at most one flush interval's). */
  stop(): void;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

const unavailable = () =>
  new AppError('RATE_LIMIT_UNAVAILABLE', 'No podemos atender esta petición ahora mismo. Inténtalo de nuevo en unos minutos.', 503);

/** Old windows are purged on about one exact count in this many, and every this many flushes. */
const PURGE_ONE_IN = 200;
const PURGE_EVERY_FLUSHES = 60;

/** Names a client's counter: each limit counts on its own (the key carries the limit's name). */
export function bucketOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

interface LocalCount {
  /** Requests counted by every process, as of this process's last flush (its own included). */
  shared: number;
  /** Requests counted here since the last flush. */
  pending: number;
  /** When the window ends, by this process's clock. */
  endsAt: number;
  windowSeconds: number;
  /** Worked out at the first flush, once per window rather than once a second. */
  bucketHash?: string;
}

export function postgresRateLimitStore(container: Container, opts: { flushMs: number }): PostgresRateLimitStore {
  const { log } = container;
  const db = () => container.database.db;
  const counts = new Map<string, LocalCount>();
  let flushing: Promise<void> | null = null;
  let flushes = 0;
  let failing = false;

  const purge = () => {
    requestCounterRepository.purgeEnded(db()).catch((err: unknown) => log.warn({ err }, 'could not purge request counters'));
  };

  const exact: FastifyRateLimitStore = {
    incr: ((key: string, callback: IncrCallback, timeWindow: number) => {
      requestCounterRepository.hit(db(), bucketOf(key), Math.ceil(timeWindow / 1000)).then(
        ({ hits, secondsLeft }) => {
          if (Math.random() < 1 / PURGE_ONE_IN) purge();
          callback(null, { current: hits, ttl: secondsLeft * 1000 });
        },
        (err: unknown) => {
          log.error({ err }, 'rate limit: could not count a request in the database; refusing it');
          callback(unavailable());
        },
      );
    }) as FastifyRateLimitStore['incr'],
    child: () => exact,
  };

  const batched: FastifyRateLimitStore = {
    incr: ((key: string, callback: IncrCallback, timeWindow: number) => {
      const now = Date.now();
      let count = counts.get(key);
      if (!count || count.endsAt <= now) {
        count = { shared: 0, pending: 0, endsAt: now + timeWindow, windowSeconds: Math.ceil(timeWindow / 1000) };
        counts.set(key, count);
      }
      count.pending++;
      callback(null, { current: count.shared + count.pending, ttl: count.endsAt - now });
    }) as FastifyRateLimitStore['incr'],
    // Limits set on a route are counted exactly.
    child: () => exact,
  };

  const flushOnce = async () => {
    const now = Date.now();
    const sent: { key: string; count: LocalCount; hits: number; bucketHash: string }[] = [];
    for (const [key, count] of counts) {
      if (count.endsAt <= now) counts.delete(key);
      else if (count.pending > 0) sent.push({ key, count, hits: count.pending, bucketHash: (count.bucketHash ??= bucketOf(key)) });
    }
    if (++flushes % PURGE_EVERY_FLUSHES === 0) purge();
    if (sent.length === 0) return;
    try {
      // One statement per window length (the global limit has one).
      for (const windowSeconds of new Set(sent.map((s) => s.count.windowSeconds))) {
        const group = sent.filter((s) => s.count.windowSeconds === windowSeconds);
        const totals = await requestCounterRepository.addMany(db(), group, windowSeconds);
        const answeredAt = Date.now();
        for (const { key, count, hits, bucketHash } of group) {
          const total = totals.get(bucketHash);
          // A window that ended here while the flush ran has started again without these hits.
          if (!total || counts.get(key) !== count) continue;
          count.pending -= hits;
          count.shared = total.hits;
          count.endsAt = answeredAt + total.secondsLeft * 1000;
        }
      }
      if (failing) log.info('global rate limit: counts shared through the database again');
      failing = false;
    } catch (err) {
      // Counting goes on in this process; what is pending is sent with the next flush.
      if (!failing) log.warn({ err }, 'global rate limit: could not share counts through the database; counting in this process only');
      failing = true;
    }
  };

  /** Waits for a flush under way, then flushes what came since (so a caller's counts are in). */
  const flush = async () => {
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => {
      flushing = null;
    });
    await flushing;
  };

  const timer = setInterval(() => {
    if (!flushing) void flush();
  }, opts.flushMs);
  timer.unref();

  return {
    Store: function PostgresStore() {
      return batched;
    } as unknown as FastifyRateLimitStoreCtor,
    flush,
    stop: () => clearInterval(timer),
  };
}
