import { NOTIFICATION_KINDS, type NotificationKind } from '@rankmaps/shared/schemas/notifications';
import type { Db } from '../../db/client';
import { linkSigner } from '../../lib/link-signer';

// The one-click unsubscribe link of an alert e-mail: `<user>.<kind>.<signature>`, signed with a
// secret kept in app_settings. It never expires (a link in an old e-mail still works) and only
// ever turns one kind's e-mails off for one user (docs/decisions.md §23.2).

const signer = linkSigner('notifications.unsubscribe_secret');

/** 'all': every kind (the daily digest's link). */
export type UnsubscribeScope = NotificationKind | 'all';

export async function unsubscribeToken(db: Db, userId: string, kind: UnsubscribeScope): Promise<string> {
  const payload = `${userId}.${kind}`;
  return `${payload}.${await signer.sign(db, payload)}`;
}

/** The user and kind a token names, or null when it is malformed or its signature does not match. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<{ userId: string; kind: UnsubscribeScope } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(userId) || !(kind === 'all' || (NOTIFICATION_KINDS as readonly string[]).includes(kind))) return null;
  if (!(await signer.verify(db, `${userId}.${kind}`, signature))) return null;
  return { userId, kind: kind as UnsubscribeScope };
}
