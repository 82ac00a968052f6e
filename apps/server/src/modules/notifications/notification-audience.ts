import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';

// Who an alert reaches in a workspace (docs/decisions.md §30.5, «Each member has their own
// bell»): everyone who can see the business it is about. Owners and admins see every
// business; a Miembro or Cliente only those of the clients assigned to them. An alert about
// no business (the credits, a campaign over several) reaches the owner and the admins. Each
// recipient then gets it with their own preferences, mutes and e-mail.

export interface Recipient {
  userId: string;
  /** The workspace's owner: the one whose notification carries the workspace's Slack message and webhook event, as before teams. */
  primary: boolean;
}

/** The members of `workspaceId` who see `placeId` (or the whole workspace, for null), the owner first. */
export async function recipientsOf(db: DbOrTx, workspaceId: string, placeId: string | null): Promise<Recipient[]> {
  const rows = await rowsOf<{ user_id: string; role: string }>(
    db,
    sql`select m.user_id, m.role
          from workspace_members m
          left join places p on p.id = ${placeId}::uuid and p.user_id = m.workspace_id
         where m.workspace_id = ${workspaceId}::uuid
           and (m.role in ('owner', 'admin') or (p.client_id is not null and p.client_id = any(m.client_ids)))
         order by (m.role = 'owner') desc, m.created_at, m.user_id`,
  );
  // A workspace from before memberships were kept (none in practice): its owner, whose id it has.
  if (rows.length === 0) return [{ userId: workspaceId, primary: true }];
  return rows.map((r) => ({ userId: r.user_id, primary: r.role === 'owner' }));
}

/**
 * One event's dedupe key for one recipient: the owner keeps the key an alert had before teams
 * (so nothing already sent is sent again), every other member gets their own.
 */
export const recipientKey = (dedupeKey: string, recipient: Recipient) => (recipient.primary ? dedupeKey : `${dedupeKey}:for:${recipient.userId}`);
