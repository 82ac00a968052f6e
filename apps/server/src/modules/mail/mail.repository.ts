import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emails } from '../../db/schema';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = Pick<typeof emails.$inferInsert, 'to' | 'subject' | 'html' | 'text' | 'kind'>;

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
  async markSent(db: DbOrTx, id: string, transport: string) {
    await db.update(emails).set({ status: 'sent', transport, sentAt: new Date() }).where(eq(emails.id, id));
  },
  async markAttemptFailed(db: DbOrTx, id: string, error: string, final: boolean) {
    const row = await mailRepository.findById(db, id);
    await db
      .update(emails)
      .set({ attempts: (row?.attempts ?? 0) + 1, lastError: error.slice(0, 500), status: final ? 'failed' : 'queued' })
      .where(eq(emails.id, id));
  },
  /** Newest first, for the developer outbox page. */
  async listRecent(db: DbOrTx, limit: number): Promise<EmailRow[]> {
    return db.select().from(emails).orderBy(desc(emails.createdAt)).limit(limit);
  },
};
