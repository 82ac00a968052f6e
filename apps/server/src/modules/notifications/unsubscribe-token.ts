import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@rankmaps/shared/schemas/notifications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import { getOrCreateSecret } from '../../lib/secrets';

// The one-click unsubscribe link of an alert e-mail: `<user>.<kind>.<signature>`, signed with a
// secret kept in app_settings. It never expires (a link in an old e-mail still works) and only
// ever turns one kind's e-mails off for one user (docs/decisions.md §23.2).

const SECRET_KEY = 'notifications.unsubscribe_secret';
const secrets = new WeakMap<Db, Promise<string>>();

function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = getOrCreateSecret(db, SECRET_KEY, undefined);
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** 'all': every kind (the daily digest's link). */
export type UnsubscribeScope = NotificationKind | 'all';

export async function unsubscribeToken(db: Db, userId: string, kind: UnsubscribeScope): Promise<string> {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sign(await secretOf(db), payload)}`;
}

/** The secret if one was ever made: reading a token never writes (a forged link changes nothing). */
async function existingSecret(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SECRET_KEY));
  return row?.value ?? null;
}

/** The user and kind a token names, or null when it is malformed or its signature does not match. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: string; kind: UnsubscribeScope } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(userId) || !(kind === 'all' || (NOTIFICATION_KINDS as readonly string[]).includes(kind))) return null;
  const secret = await existingSecret(db);
  if (!secret) return null;
  const expected = Buffer.from(sign(secret, `${userId}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as UnsubscribeScope };
}
