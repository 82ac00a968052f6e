import { type SQLWrapper, and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type EmailAttachmentRef, emails, mailAttachments, undeliveredEmail } from '../../db/schema';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = Pick<typeof emails.$inferInsert, 'to' | 'subject' | 'html' | 'text' | 'kind' | 'headers' | 'attachments'>;

/** Mails not delivered yet: waiting for a try, or in the middle of one. */
const UNDELIVERED = ['queued', 'sending'] as const;

/**
 * True when pg-boss will still run (or is running) a job of `queue` for the mail: a job in
 * pg-boss's own table, which lives in the same database (schema `pgboss`). Read there rather
 * than kept on the row, because what the outbox sweep must catch is precisely a job that is
 * gone (its retries spent, or the row lost) while the mail row says nothing changed.
 * `emailId` is the id itself, or the column in a WHERE clause (in a select list Drizzle
 * writes a column unqualified, and inside this subquery that would name the job's own id).
 */
const jobLive = (queue: string, emailId: string | SQLWrapper) =>
  sql<boolean>`exists (select 1 from pgboss.job j where j.name = ${queue} and j.data->>'emailId' = ${emailId}::text and j.state::text in ('created', 'retry', 'active'))`;

export const mailRepository = {
  async insert(db: DbOrTx, email: NewEmail): Promise<EmailRow> {
    const [row] = await db.insert(emails).values(email).returning();
    if (!row) throw new Error('email insert returned no row');
    return row;
  },
  async findById(db: DbOrTx, id: string): Promise<EmailRow | undefined> {
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    return row;
  },
  /**
   * Takes a queued mail for one delivery try, in one statement: of two jobs for the same mail
   * (a re-queue, an expired job's retry) only one gets it. Undefined when it is not queued.
   */
  async claimForSending(db: DbOrTx, id: string): Promise<EmailRow | undefined> {
    const [row] = await db
      .update(emails)
      .set({ status: 'sending' })
      .where(and(eq(emails.id, id), eq(emails.status, 'queued')))
      .returning();
    return row;
  },
  /** The mail server did not accept the mail: it waits for another try, with the error kept. */
  async releaseAfterFailure(db: DbOrTx, id: string, error: string) {
    await db
      .update(emails)
      .set({ status: 'queued', attempts: sql`${emails.attempts} + 1`, lastError: error.slice(0, 500) })
      .where(and(eq(emails.id, id), eq(emails.status, 'sending')));
  },
  async markSent(db: DbOrTx, id: string, transport: string) {
    await db.update(emails).set({ status: 'sent', transport, sentAt: new Date() }).where(eq(emails.id, id));
  },
  /** Nothing will try the mail again; `reason` says why. */
  async markGivenUp(db: DbOrTx, id: string, reason: string) {
    await db
      .update(emails)
      .set({ status: 'failed', lastError: reason.slice(0, 500) })
      .where(and(eq(emails.id, id), inArray(emails.status, [...UNDELIVERED])));
  },
  /**
   * Undelivered mails older than `olderThanSeconds` that no job of `queue` will run, oldest
   * first: read from the partial index emails_undelivered_created_idx.
   */
  async listWithoutJob(db: DbOrTx, queue: string, olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(
          undeliveredEmail(emails.status),
          sql`${emails.createdAt} < now() - make_interval(secs => ${olderThanSeconds}::int)`,
          sql`not ${jobLive(queue, emails.id)}`,
        ),
      )
      .orderBy(emails.createdAt)
      .limit(limit);
    return rows.map((r) => r.id);
  },
  /** The mail locked until the transaction ends, with its age by the database's clock. */
  async lockForSweep(tx: DbOrTx, id: string): Promise<{ row: EmailRow; ageSeconds: number } | undefined> {
    const [found] = await tx
      .select({ row: emails, ageSeconds: sql<number>`extract(epoch from now() - ${emails.createdAt})::float8`.mapWith(Number) })
      .from(emails)
      .where(eq(emails.id, id))
      .for('update');
    return found;
  },
  /**
   * Whether a job of `queue` will still run for the mail. Asked after taking the mail's lock,
   * in a statement of its own: it then sees the job that a sweep holding the lock before us
   * queued (a statement sees what was committed when it started, not when a lock came free).
   */
  async hasLiveJob(tx: DbOrTx, id: string, queue: string): Promise<boolean> {
    const [row] = await rowsOf<{ live: boolean }>(tx, sql`select ${jobLive(queue, id)} as live`);
    return row?.live === true;
  },
  /** Stores an attachment's bytes once, by their SHA-256 (the same PDF for every recipient). */
  async storeAttachment(db: DbOrTx, sha256: string, content: Buffer): Promise<void> {
    await db.insert(mailAttachments).values({ sha256, content }).onConflictDoNothing();
  },
  /** The bytes of a mail's attachments, in its order; throws when one is missing (never a mail without its file). */
  async attachmentContents(db: DbOrTx, refs: EmailAttachmentRef[]): Promise<Buffer[]> {
    if (refs.length === 0) return [];
    const rows = await db
      .select()
      .from(mailAttachments)
      .where(inArray(mailAttachments.sha256, refs.map((r) => r.sha256)));
    const byHash = new Map(rows.map((r) => [r.sha256, r.content]));
    return refs.map((r) => {
      const content = byHash.get(r.sha256);
      if (!content) throw new Error(`attachment ${r.filename} (${r.sha256}) is missing`);
      return content;
    });
  },
  /** Newest first, for the developer outbox page. */
  async listRecent(db: DbOrTx, limit: number): Promise<EmailRow[]> {
    return db.select().from(emails).orderBy(desc(emails.createdAt)).limit(limit);
  },
};
