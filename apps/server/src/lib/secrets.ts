import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * Returns the configured secret, or one generated once and kept in the database.
 * The embedded default needs no keys, yet sessions survive restarts and several
 * processes sharing one database agree on the same key.
 */
export async function getOrCreateSecret(db: Db, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (!row) throw new Error(`secret ${key} could not be stored`);
  return row.value;
}
