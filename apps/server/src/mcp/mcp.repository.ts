import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rankMaps } from '../db/rankmaps-schema';

// The one read the MCP tools need beyond /api/v1's (modules/api-v1/api-v1.repository.ts):
// a keyword's latest completed analysis. Scoped by the key's user, like every v1 read.

export const mcpRepository = {
  async latestCompleted(db: DbOrTx, userId: string, keywordId: string) {
    const [row] = await db
      .select()
      .from(rankMaps)
      .where(and(eq(rankMaps.keywordId, keywordId), eq(rankMaps.userId, userId), eq(rankMaps.status, 'completed')))
      .orderBy(desc(rankMaps.completedAt), desc(rankMaps.id))
      .limit(1);
    return row;
  },
};
