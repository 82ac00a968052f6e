import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

/** When a bucket starts to make attempts wait, and how long. */
export interface ThrottlePolicy {
  /** Attempts allowed before the first wait. */
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A bucket with no attempt for this long starts again from zero. */
  forgetAfterSeconds: number;
}

export type Claim = { claimed: true } | { claimed: false; waitSeconds: number };

// Times are the database's `now()` throughout, so every API process agrees on the waits.
export const signInThrottleRepository = {
  /**
   * Counts one attempt in the bucket before the password is checked, unless the bucket is
   * waiting: then nothing is counted and the answer says how long is left. Counting first
   * (and refunding a success afterwards) is what makes the limit exact under concurrency:
   * of many parallel guesses, one atomic upsert each, only `freeFailures` get through.
   * Reaching the threshold sets the wait: firstDelay, doubling per attempt, capped.
   */
  async claim(db: DbOrTx, bucketHash: string, p: ThrottlePolicy): Promise<Claim> {
    const next = sql`(case when t.last_attempt_at < now() - make_interval(secs => ${p.forgetAfterSeconds}::int) then 1 else t.failures + 1 end)`;
    // The exponent is capped so that power() cannot overflow however many attempts pile up.
    const waitFor = (failures: ReturnType<typeof sql>) =>
      sql`now() + make_interval(secs => least(${p.maxDelaySeconds}::int, ${p.firstDelaySeconds}::int * power(2, least(${failures} - ${p.freeFailures}::int, 30)))::float8)`;
    const [row] = await rowsOf<{ failures: number | null; wait_seconds: number | null }>(
      db,
      sql`
        with claimed as (
          insert into sign_in_throttles as t (bucket_hash, failures, last_attempt_at, blocked_until)
          values (${bucketHash}, 1, now(), case when 1 >= ${p.freeFailures}::int then ${waitFor(sql`1`)} end)
          on conflict (bucket_hash) do update set
            failures = ${next},
            last_attempt_at = now(),
            blocked_until = case when ${next} >= ${p.freeFailures}::int then ${waitFor(next)} end
          where t.blocked_until is null or t.blocked_until <= now()
          returning failures
        )
        select (select failures from claimed) as failures,
          (select extract(epoch from blocked_until - now())::float8 from sign_in_throttles where bucket_hash = ${bucketHash}) as wait_seconds
      `,
    );
    if (row?.failures != null) return { claimed: true };
    return { claimed: false, waitSeconds: Math.max(1, Math.ceil(Number(row?.wait_seconds ?? 1))) };
  },

  /**
   * Gives back the attempt a success had claimed, so right passwords never add up. A wait the
   * bucket still deserves for its remaining failures stays: trading a success on one's own
   * account for skipping a wait on a shared address would be a way around the throttle.
   */
  async refund(db: DbOrTx, bucketHash: string, p: ThrottlePolicy): Promise<void> {
    await db.execute(sql`
      update sign_in_throttles set
        failures = greatest(failures - 1, 0),
        blocked_until = case when failures - 1 >= ${p.freeFailures}::int then blocked_until end
      where bucket_hash = ${bucketHash}
    `);
  },

  /** Forgets a bucket entirely (the account's owner proved the password or the address). */
  async reset(db: DbOrTx, bucketHash: string): Promise<void> {
    await db.execute(sql`delete from sign_in_throttles where bucket_hash = ${bucketHash}`);
  },

  /** Buckets untouched for longer than any wait or memory are deleted now and then. */
  async purgeIdle(db: DbOrTx, idleSeconds: number): Promise<void> {
    await db.execute(sql`delete from sign_in_throttles where last_attempt_at < now() - make_interval(secs => ${idleSeconds}::int)`);
  },
};
