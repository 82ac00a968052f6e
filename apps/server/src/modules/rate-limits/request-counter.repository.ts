import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

export interface CounterHit {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window closes and the count starts again. */
  secondsLeft: number;
}

export interface BucketHits {
  bucketHash: string;
  hits: number;
}

// Times are the database's `now()`, so every API process agrees on when a window ends.
export const requestCounterRepository = {
  /**
   * Counts one request in the bucket's fixed window, opening a new window when the last one
   * has ended. One atomic upsert: concurrent requests from several processes each get their
   * own number, so exactly `max` of them fit in a window.
   *
   * The statement commits without waiting for its WAL flush (`synchronous_commit` off for this
   * statement's own transaction only): a busy bucket (an API key at hundreds of calls a
   * second) is one row that every request updates, and waiting for each commit's fsync while
   * holding its lock made the count the bottleneck (docs/decisions.md §26.3). A crash may forget
   * the last few counts of a window, which only lets a few more requests through.
   */
  async hit(db: DbOrTx, bucketHash: string, windowSeconds: number): Promise<CounterHit> {
    const [row] = await rowsOf<{ hits: number; seconds_left: number }>(
      db,
      sql`
        insert into request_counters as t (bucket_hash, hits, window_ends_at)
        select ${bucketHash}, 1, now() + make_interval(secs => ${windowSeconds}::int)
        from (select set_config('synchronous_commit', 'off', true)) as async_commit
        on conflict (bucket_hash) do update set
          hits = case when t.window_ends_at <= now() then 1 else t.hits + 1 end,
          window_ends_at = case when t.window_ends_at <= now() then now() + make_interval(secs => ${windowSeconds}::int) else t.window_ends_at end
        returning hits, extract(epoch from window_ends_at - now())::float8 as seconds_left
      `,
    );
    if (!row) throw new Error('request counter upsert returned no row');
    return { hits: Number(row.hits), secondsLeft: Number(row.seconds_left) };
  },

  /**
   * Adds several buckets' counts at once (one statement, whatever their number) and answers
   * each bucket's total across every process, with the time left in its window. A bucket
   * whose window has ended starts a new one with the added count.
   */
  async addMany(db: DbOrTx, added: readonly BucketHits[], windowSeconds: number): Promise<Map<string, CounterHit>> {
    if (added.length === 0) return new Map();
    // Array literals, not one parameter per bucket: hashes are hex and counts integers.
    const hashes = `{${added.map((a) => a.bucketHash).join(',')}}`;
    const hits = `{${added.map((a) => Math.trunc(a.hits)).join(',')}}`;
    const rows = await rowsOf<{ bucket_hash: string; hits: number; seconds_left: number }>(
      db,
      sql`
        insert into request_counters as t (bucket_hash, hits, window_ends_at)
        select u.bucket_hash, u.hits, now() + make_interval(secs => ${windowSeconds}::int)
        from unnest(${hashes}::text[], ${hits}::int[]) as u(bucket_hash, hits)
        on conflict (bucket_hash) do update set
          hits = case when t.window_ends_at <= now() then excluded.hits else t.hits + excluded.hits end,
          window_ends_at = case when t.window_ends_at <= now() then excluded.window_ends_at else t.window_ends_at end
        returning bucket_hash, hits, extract(epoch from window_ends_at - now())::float8 as seconds_left
      `,
    );
    return new Map(rows.map((r) => [r.bucket_hash, { hits: Number(r.hits), secondsLeft: Number(r.seconds_left) }]));
  },

  /** Windows that have ended hold no information; they are deleted now and then. */
  async purgeEnded(db: DbOrTx): Promise<void> {
    await db.execute(sql`delete from request_counters where window_ends_at < now()`);
  },
};
