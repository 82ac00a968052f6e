import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { type Scope, scopeOf } from './scope';

// The scope guard (docs/decisions.md §30.6): on a route declared access.workspace(action), a
// Miembro or a Cliente may name only the businesses of their clients, and what hangs from them.
// Every id a route takes, in its path, query or body, is listed below with what it names; for
// a scoped caller the guard looks up the businesses those ids belong to, and an id whose
// business is not assigned is replaced by one that names nothing. The handler then answers
// exactly what it answers for another workspace's id (404, the same body), and no handler or
// repository has to remember the assignment. Owner, admin and API keys skip it: no statement.

/** What an id names, by the business it belongs to. `none`: no business (or one its route's path already names). */
export type IdKind = 'place' | 'keyword' | 'rankMap' | 'aiAnalysis' | 'campaign' | 'shareLink' | 'client' | 'shareTarget' | 'none';
/** A path parameter nobody classified: hidden from a scoped caller whatever it names (fail closed). */
type GuardKind = IdKind | 'unclassified';

/**
 * Path parameters, keyed by the segment before them and their name (as the authorization matrix
 * names them). A workspace route with a parameter missing here is refused to a scoped caller,
 * and fails the matrix's first test.
 */
export const SCOPED_PARAMS: Record<string, IdKind> = {
  'place/:id': 'place',
  'keyword/:id': 'keyword',
  'keyword/:keywordId': 'keyword',
  'rankmap/:id': 'rankMap',
  'analysis/:id': 'rankMap',
  'compare/:otherId': 'rankMap',
  'scheduled/:id': 'rankMap',
  // AI-visibility analyses (docs/decisions.md §31.4).
  'ai-visibility/:id': 'aiAnalysis',
  'compare/:otherAnalysisId': 'aiAnalysis',
  'report-round/:id': 'place',
  // A campaign's round now (developer tools, docs/decisions.md §31.16).
  'campaign-round/:id': 'campaign',
  // The demo's simulated Google edit of a business (developer tools, docs/decisions.md §32.3).
  'listing-edit/:id': 'place',
  // Reviews (docs/decisions.md §32.4): the simulated arrival names a business; a review hangs from the place of the path.
  'review-arrive/:placeId': 'place',
  'reviews/:reviewId': 'none',
  // Reply templates are the workspace's, no business's.
  'review-templates/:id': 'none',
  'campaigns/:id': 'campaign',
  'share-links/:id': 'shareLink',
  'clients/:id': 'client',
  // A followed competitor is a Google place id, and a recipient hangs from the place of the path.
  'competitors/:competitorId': 'none',
  'report-recipients/:recipientId': 'none',
  // Workspace-wide things, no business's: roles without the whole workspace lack their actions anyway.
  'invoices/:id': 'none',
  'checkout-session/:id': 'none',
  'api-keys/:id': 'none',
  'webhooks/:id': 'none',
  'deliveries/:deliveryId': 'none',
  // People and invitations of the team (members.manage), and the workspaces one belongs to.
  'members/:userId': 'none',
  'invitations/:id': 'none',
};

/** Query and body fields that carry ids, by name; `operationId.field` where a route uses a name otherwise. */
export const SCOPED_FIELDS: Record<string, IdKind> = {
  placeId: 'place',
  placeIds: 'place',
  keywordIds: 'keyword',
  clientId: 'client',
  clientIds: 'client',
  targetId: 'shareTarget',
  'previewCampaign.id': 'campaign',
  // Google's ids, and the payment provider's: no business of ours.
  'previewPlace.placeId': 'none',
  'followCompetitor.placeId': 'none',
  googlePlaceId: 'none',
  priceId: 'none',
  locationId: 'none',
  // People: the member a transfer names, the member the activity log is filtered by.
  userId: 'none',
  memberId: 'none',
};

export const fieldKind = (operationId: string, field: string): IdKind | undefined => SCOPED_FIELDS[`${operationId}.${field}`] ?? SCOPED_FIELDS[field];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The businesses' clients of each id of a kind, in the workspace: one row per (id, business).
 * A campaign with no business yet gives one row with no client, so it stays hidden too.
 */
function clientsOf(kind: Exclude<IdKind, 'none' | 'client'>, workspaceId: string, ids: string[]): SQL {
  const list = sql`${sql.param(ids)}::uuid[]`;
  const ws = sql`${workspaceId}::uuid`;
  const place = sql`select p.id::text as id, p.client_id::text as client_id from places p where p.user_id = ${ws} and p.id = any(${list})`;
  const keyword = sql`select k.id::text as id, p.client_id::text as client_id from keywords k join places p on p.id = k.place_id where k.user_id = ${ws} and k.id = any(${list})`;
  const rankMap = sql`select r.id::text as id, p.client_id::text as client_id from rank_maps r join places p on p.id = r.place_id where r.user_id = ${ws} and r.id = any(${list})`;
  const aiAnalysis = sql`select a.id::text as id, p.client_id::text as client_id from ai_visibility_analyses a join places p on p.id = a.place_id where a.user_id = ${ws} and a.id = any(${list})`;
  switch (kind) {
    case 'place':
      return place;
    case 'keyword':
      return keyword;
    case 'rankMap':
      return rankMap;
    case 'aiAnalysis':
      return aiAnalysis;
    case 'shareTarget':
      return sql`${place} union all ${keyword} union all ${rankMap}`;
    case 'shareLink':
      return sql`select s.id::text as id, p.client_id::text as client_id from share_links s join places p on p.id = s.place_id where s.user_id = ${ws} and s.id = any(${list})`;
    case 'campaign':
      return sql`select c.id::text as id, p.client_id::text as client_id from campaigns c
        left join campaign_keywords ck on ck.campaign_id = c.id
        left join keywords k on k.id = ck.keyword_id
        left join places p on p.id = coalesce(c.place_id, k.place_id)
        where c.user_id = ${ws} and c.id = any(${list})`;
  }
}

/** The ids, of those given, that name something of the workspace outside the scope. */
export async function hiddenIds(db: DbOrTx, scope: Scope & { clientIds: readonly string[] }, kind: GuardKind, ids: string[]): Promise<Set<string>> {
  if (kind === 'none') return new Set();
  if (kind === 'unclassified') return new Set(ids);
  const candidates = ids.filter((id) => UUID.test(id));
  // A client is hidden unless assigned (one of another workspace is missing either way); «none»
  // (the businesses without a client, a filter of the portfolio) is no id and stays.
  if (kind === 'client') return new Set(candidates.filter((id) => !scope.clientIds.includes(id)));
  if (candidates.length === 0) return new Set();
  const rows = await rowsOf<{ id: string; client_id: string | null }>(db, clientsOf(kind, scope.workspaceId, candidates));
  const hidden = new Set<string>();
  for (const row of rows) if (row.client_id === null || !scope.clientIds.includes(row.client_id)) hidden.add(row.id.toLowerCase());
  return new Set(ids.filter((id) => hidden.has(id.toLowerCase())));
}

type Slot = { holder: Record<string, unknown>; key: string; kind: GuardKind };

/** Every id the request names, where it sits (so it can be replaced), and its kind; a path parameter the tables lack is unclassified. */
function slotsOf(request: FastifyRequest, operationId: string): Slot[] {
  const slots: Slot[] = [];
  const segments = (request.routeOptions.url ?? '').split('/');
  const params = (request.params ?? {}) as Record<string, unknown>;
  segments.forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    slots.push({ holder: params, key: segment.slice(1), kind: SCOPED_PARAMS[`${segments[i - 1]}/${segment}`] ?? 'unclassified' });
  });
  for (const holder of [request.query, request.body]) {
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) continue;
    for (const key of Object.keys(holder)) {
      const kind = fieldKind(operationId, key);
      if (kind && kind !== 'none') slots.push({ holder: holder as Record<string, unknown>, key, kind });
    }
  }
  return slots;
}

/**
 * The hook the route kit adds to every access.workspace route: nothing for a caller who sees the
 * whole workspace; for a Miembro or a Cliente, each id of a business not assigned to them (or of
 * what hangs from one) is swapped for a fresh id that names nothing.
 */
export function scopeGuard(db: () => DbOrTx, operationId: string) {
  return async (request: FastifyRequest) => {
    const scope = scopeOf(request);
    if (scope.clientIds === null) return;
    const scoped = { ...scope, clientIds: scope.clientIds };
    const byKind = new Map<GuardKind, Set<string>>();
    const slots = slotsOf(request, operationId);
    for (const { holder, key, kind } of slots) {
      const value = holder[key];
      const values = Array.isArray(value) ? value : [value];
      const set = byKind.get(kind) ?? new Set<string>();
      for (const v of values) if (typeof v === 'string') set.add(v);
      byKind.set(kind, set);
    }
    const hidden = new Set<string>();
    for (const [kind, ids] of byKind) for (const id of await hiddenIds(db(), scoped, kind, [...ids])) hidden.add(`${kind}:${id}`);
    if (hidden.size === 0) return;
    const swap = (kind: GuardKind, v: unknown) => (typeof v === 'string' && hidden.has(`${kind}:${v}`) ? randomUUID() : v);
    for (const { holder, key, kind } of slots) {
      const value = holder[key];
      holder[key] = Array.isArray(value) ? value.map((v) => swap(kind, v)) : swap(kind, value);
    }
  };
}
