import { type SQL, sql } from 'drizzle-orm';
import { creditLots, creditTransactions } from '../src/db/billing-schema';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { rankMaps, scanQuotaUses } from '../src/db/rankmaps-schema';
import { emails } from '../src/db/schema';
import { RANKMAP_SCAN_JOB } from '../src/jobs/definitions/rankmap-scan';
import { SEND_EMAIL_JOB } from '../src/jobs/definitions/send-email';
import { SCAN_DEFAULTS } from '../src/modules/rankmaps/scan/scan.service';
import { creditReference } from '../src/modules/rankmaps/scan/scan-billing.service';

export interface InvariantOptions {
  /** A run whose heartbeat is older than this holds no lease (the sweeper's threshold). */
  staleSeconds?: number;
  /**
   * The recipients of every message the mail server received, one entry per message. When
   * given, each stored e-mail that is sent must have reached its recipient exactly once.
   */
  deliveredTo?: string[];
  /** No e-mail may be given up younger than this (MAIL_MAX_AGE_SECONDS of the app under test; its default otherwise). */
  mailMaxAgeSeconds?: number;
}

/** Job states in which pg-boss will still run a job (or is running it). */
const LIVE_JOB_STATES = ['created', 'retry', 'active'];

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  // Both drivers answer a raw statement with a `rows` array.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
};

/** Jobs of `queue` that pg-boss will still run, by the id their payload names. */
async function liveJobsByPayload(db: Db, queue: string, field: string): Promise<Set<string>> {
  const found = await rows<{ ref: string | null }>(
    db,
    sql`select data->>${field} as ref from pgboss.job where name = ${queue} and state::text in (${sql.join(
      LIVE_JOB_STATES.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  );
  return new Set(found.map((r) => r.ref).filter((r): r is string => r !== null));
}

/**
 * Every analysis ends completed or failed with a reason, or is on its way there (a live
 * lease, or a job pg-boss will run); none has more results than points, nor a point twice.
 */
async function analysisViolations(db: Db, staleSeconds: number): Promise<string[]> {
  const out: string[] = [];
  const analyses = await db
    .select({
      id: rankMaps.id,
      status: rankMaps.status,
      failureReason: rankMaps.failureReason,
      totalPoints: rankMaps.totalPoints,
      failedPoints: rankMaps.failedPoints,
      progress: rankMaps.progress,
      grid: rankMaps.grid,
      leaseLive: sql<boolean>`(${rankMaps.runToken} is not null and ${rankMaps.heartbeatAt} > now() - make_interval(secs => ${staleSeconds}::int))`,
    })
    .from(rankMaps);
  const results = await rows<{ rank_map_id: string; point_index: number; ok: boolean }>(
    db,
    sql`select rank_map_id, point_index, status = 'ok' as ok from rank_results`,
  );
  const queued = await liveJobsByPayload(db, RANKMAP_SCAN_JOB, 'rankMapId');
  for (const a of analyses) {
    const mine = results.filter((r) => r.rank_map_id === a.id);
    const points = new Set(a.grid.points.map((p) => p.index));
    const perPoint = countBy(mine, (r) => String(r.point_index));
    if (mine.length > a.totalPoints) out.push(`analysis ${a.id}: ${mine.length} results for ${a.totalPoints} points`);
    for (const [point, n] of perPoint) {
      if (n > 1) out.push(`analysis ${a.id}: point ${point} stored ${n} times`);
      if (!points.has(Number(point))) out.push(`analysis ${a.id}: result for point ${point}, which is not in its grid`);
    }
    if (a.status === 'failed' && !a.failureReason?.trim()) out.push(`analysis ${a.id}: failed without a reason`);
    if (a.status === 'completed') {
      const ok = mine.filter((r) => r.ok).length;
      if (mine.length !== a.totalPoints) out.push(`analysis ${a.id}: completed with ${mine.length} of ${a.totalPoints} points stored`);
      if (a.failedPoints !== a.totalPoints - ok)
        out.push(`analysis ${a.id}: failedPoints ${a.failedPoints}, but ${a.totalPoints - ok} points are not ok`);
      if (a.progress !== 100) out.push(`analysis ${a.id}: completed at progress ${a.progress}`);
    }
    if (a.status === 'pending' && !queued.has(a.id)) out.push(`analysis ${a.id}: pending with no job to run it`);
    if (a.status === 'processing' && !a.leaseLive && !queued.has(a.id))
      out.push(`analysis ${a.id}: processing with neither a live lease nor a job to resume it`);
  }
  return out;
}

/**
 * The ledger explains every balance: each lot holds what its ledger entries put in and took
 * out, so a user's credits are the sum of their ledger. Each credit-billed analysis is
 * charged once, and refunded exactly its failed points (all of them when it failed).
 */
async function creditViolations(db: Db): Promise<string[]> {
  const out: string[] = [];
  const lots = await db.select().from(creditLots);
  const ledger = await db.select().from(creditTransactions);
  const sign = { grant: 1, purchase: 1, adjustment: 1, refund: 1, spend: -1, expire: -1 } as const;
  const net = new Map<string, number>();
  for (const t of ledger) for (const a of t.allocations) net.set(a.lotId, (net.get(a.lotId) ?? 0) + sign[t.kind] * a.amount);
  for (const lot of lots) {
    if (lot.remaining < 0 || lot.remaining > lot.granted) out.push(`lot ${lot.id}: ${lot.remaining} left of ${lot.granted}`);
    if ((net.get(lot.id) ?? 0) !== lot.remaining)
      out.push(`lot ${lot.id}: holds ${lot.remaining}, its ledger entries add up to ${net.get(lot.id) ?? 0}`);
  }
  const users = new Set([...lots.map((l) => l.userId), ...ledger.map((t) => t.userId)]);
  for (const user of users) {
    const held = lots.filter((l) => l.userId === user).reduce((n, l) => n + l.remaining, 0);
    const booked = ledger.filter((t) => t.userId === user).reduce((n, t) => n + t.amount, 0);
    if (held !== booked) out.push(`user ${user}: lots hold ${held} credits, the ledger adds up to ${booked}`);
  }
  for (const [key, n] of countBy(ledger, (t) => `${t.kind} ${t.reference}`)) if (n > 1) out.push(`ledger: ${key} written ${n} times`);

  const analyses = await db.select().from(rankMaps);
  const quota = new Set((await db.select({ id: scanQuotaUses.rankMapId }).from(scanQuotaUses)).map((q) => q.id));
  const byRef = (kind: string, ref: string) => ledger.filter((t) => t.kind === kind && t.reference === ref);
  for (const a of analyses) {
    const ref = creditReference(a.id);
    const [spend, ...moreSpends] = byRef('spend', ref);
    const [refund, ...moreRefunds] = byRef('refund', ref);
    if (moreSpends.length > 0 || moreRefunds.length > 0) out.push(`analysis ${a.id}: charged or refunded more than once`);
    const charged = spend ? -spend.amount : 0;
    const refunded = refund ? refund.amount : 0;
    if (a.billing === 'plan') {
      if (spend || refund || a.creditsCharged !== 0) out.push(`analysis ${a.id}: included in the plan, yet it moved credits`);
      const counted = a.kind !== 'weekly' && a.status !== 'failed';
      if (quota.has(a.id) !== counted)
        out.push(`analysis ${a.id} (${a.kind}, ${a.status}): monthly scan ${quota.has(a.id) ? 'taken' : 'not taken'}`);
      continue;
    }
    if (charged !== a.creditsCharged) out.push(`analysis ${a.id}: creditsCharged ${a.creditsCharged}, the ledger charged ${charged}`);
    if (refunded !== a.creditsRefunded) out.push(`analysis ${a.id}: creditsRefunded ${a.creditsRefunded}, the ledger refunded ${refunded}`);
    const mustBeCharged = a.status === 'processing' || a.status === 'completed' || (a.status === 'pending' && a.kind === 'manual');
    if (mustBeCharged && charged !== a.totalPoints)
      out.push(`analysis ${a.id} (${a.status}): charged ${charged} for ${a.totalPoints} points`);
    if (a.status === 'completed' && refunded !== a.failedPoints)
      out.push(`analysis ${a.id}: refunded ${refunded} for ${a.failedPoints} failed points`);
    if (a.status === 'failed' && refunded !== charged) out.push(`analysis ${a.id}: failed, charged ${charged} and refunded ${refunded}`);
    if ((a.status === 'pending' || a.status === 'processing') && refunded !== 0)
      out.push(`analysis ${a.id}: refunded ${refunded} before it finished`);
  }
  return out;
}

/**
 * No e-mail is given up before its age limit or without a reason, nor left undelivered with
 * no job to send it (once the outbox sweep has run); each sent one reached its recipient once.
 */
async function mailViolations(db: Db, deliveredTo: string[] | undefined, maxAgeSeconds: number): Promise<string[]> {
  const out: string[] = [];
  const stored = await db
    .select({
      id: emails.id,
      to: emails.to,
      status: emails.status,
      lastError: emails.lastError,
      ageSeconds: sql<number>`extract(epoch from now() - ${emails.createdAt})::float8`.mapWith(Number),
    })
    .from(emails);
  const queued = await liveJobsByPayload(db, SEND_EMAIL_JOB, 'emailId');
  for (const e of stored) {
    if (e.status === 'failed' && !e.lastError?.trim()) out.push(`e-mail ${e.id} to ${e.to}: given up without a reason`);
    else if (e.status === 'failed' && e.ageSeconds < maxAgeSeconds) out.push(`e-mail ${e.id} to ${e.to}: given up before its age limit`);
    if ((e.status === 'queued' || e.status === 'sending') && !queued.has(e.id)) out.push(`e-mail ${e.id} to ${e.to}: ${e.status} with no job to send it`);
  }
  if (deliveredTo) {
    const received = countBy(deliveredTo, (to) => to.toLowerCase());
    const sent = countBy(
      stored.filter((e) => e.status === 'sent'),
      (e) => e.to.toLowerCase(),
    );
    for (const to of new Set([...received.keys(), ...sent.keys()])) {
      if ((received.get(to) ?? 0) !== (sent.get(to) ?? 0))
        out.push(`${to}: ${sent.get(to) ?? 0} e-mails sent, ${received.get(to) ?? 0} received`);
    }
  }
  return out;
}

/**
 * The cross-table invariants a fault drill must leave intact, once it has settled (and the
 * sweeper has run): one readable line per violation, so `expect(...).toEqual([])` shows
 * exactly what broke.
 */
export async function checkInvariants(db: Db, opts: InvariantOptions = {}): Promise<string[]> {
  return [
    ...(await analysisViolations(db, opts.staleSeconds ?? SCAN_DEFAULTS.staleSeconds)),
    ...(await creditViolations(db)),
    ...(await mailViolations(db, opts.deliveredTo, opts.mailMaxAgeSeconds ?? loadConfig({}).mail.maxAgeSeconds)),
  ];
}
