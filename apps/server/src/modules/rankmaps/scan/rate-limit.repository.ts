import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';

/**
 * The shared fixed-window counter behind the providers' global rate limit. Windows are
 * aligned on the database's clock, so every worker process agrees on them.
 */
export const rateLimitRepository = {
  /**
   * Takes up to `wanted` requests from the current window of `provider`, never letting the
   * window exceed `limit`. One atomic upsert: the row lock orders concurrent workers, and the
   * guard refuses once the window is full. Returns how many were granted (0 when full) and
   * the milliseconds left in the window.
   */
  async grant(db: DbOrTx, input: { provider: string; limit: number; windowSeconds: number; wanted: number }): Promise<{ granted: number; msLeft: number }> {
    const { provider, limit, windowSeconds, wanted } = input;
    const [row] = await rowsOf<{ granted: number; ms_left: number }>(db, sql`
      with w as (
        select to_timestamp(floor(extract(epoch from clock_timestamp())::float8 / ${windowSeconds}::int) * ${windowSeconds}::int) as start
      )
      insert into provider_rate_windows as t (provider, window_start, used, last_grant)
      select ${provider}::text, w.start, least(${wanted}::int, ${limit}::int), least(${wanted}::int, ${limit}::int) from w
      on conflict (provider, window_start) do update
        set used = t.used + least(${wanted}::int, ${limit}::int - t.used),
            last_grant = least(${wanted}::int, ${limit}::int - t.used)
        where t.used < ${limit}::int
      returning last_grant as granted,
        (extract(epoch from (t.window_start + make_interval(secs => ${windowSeconds}::int) - clock_timestamp())) * 1000)::float8 as ms_left
    `);
    if (row) return { granted: Number(row.granted), msLeft: Math.max(0, Number(row.ms_left)) };
    const [left] = await rowsOf<{ ms_left: number }>(db, sql`
      select ((ceil(extract(epoch from clock_timestamp())::float8 / ${windowSeconds}::int + 1e-9) * ${windowSeconds}::int
        - extract(epoch from clock_timestamp())::float8) * 1000)::float8 as ms_left
    `);
    return { granted: 0, msLeft: Math.max(0, Number(left?.ms_left ?? windowSeconds * 1000)) };
  },

  /** Old windows are of no use once past; the scheduler clears them. */
  async purgeOlderThan(db: DbOrTx, seconds: number): Promise<void> {
    await db.execute(sql`delete from provider_rate_windows where window_start < now() - make_interval(secs => ${seconds}::int)`);
  },

  /** Every window's count, oldest first (tests and diagnostics). */
  async windows(db: DbOrTx, provider: string): Promise<{ windowStart: Date; used: number }[]> {
    const rows = await rowsOf<{ window_start: string | Date; used: number }>(
      db,
      sql`select window_start, used from provider_rate_windows where provider = ${provider} order by window_start`,
    );
    return rows.map((r) => ({ windowStart: new Date(r.window_start), used: Number(r.used) }));
  },
};
