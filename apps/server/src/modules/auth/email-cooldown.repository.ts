import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailCooldowns } from '../../db/schema';

export const emailCooldownRepository = {
  /**
   * Starts a cooldown unless one is running, in one statement: true when the caller may go
   * ahead. Concurrent requests for the same key cannot both get true.
   */
  async tryStart(db: DbOrTx, keyHash: string, seconds: number): Promise<boolean> {
    const rows = await db
      .insert(emailCooldowns)
      .values({ keyHash, until: sql`now() + make_interval(secs => ${seconds})` })
      .onConflictDoUpdate({
        target: emailCooldowns.keyHash,
        set: { until: sql`excluded.until` },
        setWhere: sql`${emailCooldowns.until} <= now()`,
      })
      .returning({ keyHash: emailCooldowns.keyHash });
    return rows.length > 0;
  },
};
