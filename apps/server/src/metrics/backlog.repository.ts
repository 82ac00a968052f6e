import { count, min, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client';
import { emails, undeliveredEmail } from '../db/schema';

export interface QueueBacklog {
  queue: string;
  /** Jobs due now and not yet taken (pg-boss states created and retry). */
  depth: number;
  /** Seconds the longest-waiting of them has been due. */
  oldestSeconds: number;
}

export interface OutboxBacklog {
  /** Mails not delivered yet (queued, or in the middle of a try). */
  undelivered: number;
  /** Age of the oldest of them, in seconds. */
  oldestSeconds: number;
}

/**
 * What a scrape reads of the database: two aggregates, each over a partial index of the rows
 * waiting only (pg-boss's job_i5 on state < 'active'; emails_undelivered_created_idx), so
 * their cost follows the backlog, not the history.
 */
export const backlogRepository = {
  async queues(db: Db): Promise<QueueBacklog[]> {
    const rows = await rowsOf<{ name: string; depth: number; oldest: number | null }>(
      db,
      sql`select name, count(*)::int as depth, extract(epoch from now() - min(start_after))::float8 as oldest
          from pgboss.job where state < 'active' and start_after <= now() group by name`,
    );
    return rows.map((r) => ({ queue: r.name, depth: Number(r.depth), oldestSeconds: Math.max(0, Number(r.oldest ?? 0)) }));
  },
  async outbox(db: Db): Promise<OutboxBacklog> {
    const [row] = await db.select({ n: count(), oldest: min(emails.createdAt) }).from(emails).where(undeliveredEmail(emails.status));
    const oldest = row?.oldest ? Math.max(0, (Date.now() - row.oldest.getTime()) / 1000) : 0;
    return { undelivered: row?.n ?? 0, oldestSeconds: oldest };
  },
};
