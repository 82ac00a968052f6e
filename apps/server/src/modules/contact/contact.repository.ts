import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Pick<typeof contactMessages.$inferInsert, 'name' | 'email' | 'message'>;

export const contactRepository = {
  async insert(db: DbOrTx, message: NewContactMessage): Promise<ContactMessageRow> {
    const [row] = await db.insert(contactMessages).values(message).returning();
    if (!row) throw new Error('contact message insert returned no row');
    return row;
  },
};
