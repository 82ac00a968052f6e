import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { captchaUses } from '../../db/schema';

export const captchaUsesRepository = {
  /**
   * Records a solved challenge as spent. Returns false when it was spent already: the
   * primary key decides, so two concurrent submissions of one solution cannot both win.
   * Records past their expiry are dropped on the way; an expired challenge fails on its own.
   */
  async markUsed(db: DbOrTx, signature: string, expiresAt: Date): Promise<boolean> {
    await db.delete(captchaUses).where(lt(captchaUses.expiresAt, new Date()));
    const inserted = await db.insert(captchaUses).values({ signature, expiresAt }).onConflictDoNothing().returning({ signature: captchaUses.signature });
    return inserted.length === 1;
  },
};
