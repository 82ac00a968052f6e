import { randomUUID } from 'node:crypto';
import type { CampaignSlot } from '@rankmaps/shared/campaign-schedule';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { RANKMAP_SCAN_JOB, RANKMAP_SCAN_OPTIONS } from '../../jobs/definitions/rankmap-scan';
import { transactionExecutor } from '../../queue/tx-executor';
import { recordSystemActivity } from '../activity/system-activity';
import { getPlanState } from '../billing/billing.service';
import type { RankMapGrid } from '../rankmaps/rankmaps.repository';
import { gridSnapshotOf, targetOf } from '../rankmaps/scan/scan-snapshot.service';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { type AiRoundPlan, aiRoundPlanner, insertRoundAiAnalyses } from '../ai-visibility/ai-rounds.service';
import { pauseForCredits } from './campaign-pause.service';
import { dueSlot } from './campaign-timing';
import { type CampaignRow, type CampaignTarget, campaignsRepository } from './campaigns.repository';

type SchedulerContainer = Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>;
type PlanState = Awaited<ReturnType<typeof getPlanState>>;

/** Analyses inserted (and their jobs queued) per transaction: big rounds commit in pieces. */
const INSERT_BATCH = 500;

interface DueItem {
  campaign: CampaignRow;
  target: CampaignTarget;
  slot: CampaignSlot;
}

/** The targets whose slot is due now, and existed at it (a keyword added after 9:00 waits for the next slot). */
function dueItems(runnable: CampaignRow[], targets: CampaignTarget[], now: Date): DueItem[] {
  const byId = new Map(runnable.map((c) => [c.id, c]));
  const slots = new Map<string, CampaignSlot | null>();
  const due: DueItem[] = [];
  for (const target of targets) {
    const campaign = byId.get(target.campaignId);
    if (!campaign) continue;
    const zone = zoneOf(target.place);
    const cacheKey = `${campaign.id}|${zone}`;
    if (!slots.has(cacheKey)) slots.set(cacheKey, dueSlot(campaign, now, zone));
    const slot = slots.get(cacheKey);
    if (!slot) continue;
    const born = Math.max(campaign.createdAt.getTime(), target.place.createdAt.getTime(), target.keywordCreatedAt.getTime());
    if (born > slot.at.getTime()) continue;
    due.push({ campaign, target, slot });
  }
  return due;
}

/**
 * A custom campaign's analyses start one after another at the provider's rate, from the slot
 * on, so a round stays inside its window without queueing every point at once
 * (docs/decisions.md §25.3). A place's weekly scan starts every keyword at its hour, as before.
 */
function startTimes(items: { points: number }[], slotAt: Date, ratePerMinute: number, now: Date): (Date | null)[] {
  let minutes = 0;
  return items.map(({ points }) => {
    const at = new Date(slotAt.getTime() + minutes * 60_000);
    minutes += points / Math.max(1, ratePerMinute);
    return at.getTime() > now.getTime() ? at : null;
  });
}

/** One analysis to insert: its round's key, its values but the round id, and when it starts. */
interface PlannedAnalysis {
  roundKey: string;
  item: DueItem;
  grid: RankMapGrid;
  billing: 'credits' | 'plan';
  startAt: Date | null;
  /** The keyword's AI analysis of the round, when the campaign has AI visibility on (docs/decisions.md §31.16). */
  ai: AiRoundPlan | null;
}

/**
 * Queues every campaign round that is due (docs/decisions.md §25.3): for each slot, one round
 * row (unique per campaign and slot), then one analysis per keyword (unique per keyword and
 * round), its scan job in the same transaction. Run twice, by two workers or after a crash, it
 * queues what is missing and nothing twice. A custom round that the credits cannot pay is not
 * run: the campaign pauses with the reason and the user is notified. Returns the analyses queued.
 * Rounds are made in one statement and analyses inserted 500 at a time across rounds, so 10,000
 * keywords due at once cost a few dozen round trips, not thousands.
 */
export async function enqueueDueCampaignRounds(container: SchedulerContainer, now: Date = new Date()): Promise<number> {
  const db = container.database.db;
  const runnable = await campaignsRepository.listRunnable(db);
  if (runnable.length === 0) return 0;
  return queueRounds(container, dueItems(runnable, await campaignsRepository.targets(db, { campaignIds: runnable.map((c) => c.id), active: true }), now), now);
}

/**
 * The development tools' round (POST /api/dev/campaign-round/:id): the campaign's round queued
 * now, as the scheduler queues a due one (its analyses, its AI analyses, its credits check), under
 * a slot of its own ('dev-<time>', so it never takes a real slot). Returns the analyses queued.
 */
export async function runCampaignRoundNow(container: SchedulerContainer, campaign: CampaignRow, now: Date = new Date()): Promise<number> {
  const slot = { key: `dev-${now.toISOString().replace(/[^0-9]/g, '').slice(0, 17)}`, at: now };
  const targets = await campaignsRepository.targets(container.database.db, { campaignIds: [campaign.id] });
  return queueRounds(container, targets.map((target) => ({ campaign, target, slot })), now);
}

/** Queues the rounds of these due items: what is missing of each, nothing twice (see enqueueDueCampaignRounds). */
async function queueRounds(container: SchedulerContainer, dueNow: DueItem[], now: Date): Promise<number> {
  const db = container.database.db;
  let due = dueNow;
  if (due.length === 0) return 0;

  const existing = await campaignsRepository.existingRounds(db, [...new Set(due.map((d) => d.campaign.id))], [...new Set(due.map((d) => d.slot.key))]);
  const done = await campaignsRepository.roundAnalyses(db, [...existing.values()].map((r) => r.id));
  // A round already skipped for credits stays skipped; analyses already there are not made again.
  due = due.filter((d) => {
    const round = existing.get(roundKeyOf(d));
    return !round || (round.skippedReason === null && !done.has(`${round.id}|${d.target.keywordId}`));
  });
  if (due.length === 0) return 0;

  const byRound = new Map<string, DueItem[]>();
  for (const d of due) byRound.set(roundKeyOf(d), [...(byRound.get(roundKeyOf(d)) ?? []), d]);
  const plans = new Map<string, PlanState>();
  const grids = new Map<string, RankMapGrid>();
  const aiPlans = aiRoundPlanner(container);
  /** Credits each user's rounds of this tick have claimed, so two rounds do not count the same credits. */
  const claimed = new Map<string, number>();
  const planned: PlannedAnalysis[] = [];
  const skipped: { items: DueItem[]; cost: number; available: number }[] = [];
  for (const [key, items] of byRound) {
    try {
      const result = await planRound(container, items, existing.has(key), { plans, grids, claimed, aiPlans }, now);
      if ('analyses' in result) planned.push(...result.analyses);
      else skipped.push(result.skip);
    } catch (err) {
      // One broken round (a place whose grid cannot be made) must not stop the others.
      container.log.error({ err, campaignId: items[0]?.campaign.id }, 'campaign round failed to queue');
    }
  }

  const roundKeys = new Set([...planned.map((p) => p.roundKey), ...skipped.map((s) => roundKeyOf(s.items[0]!))]);
  const rounds = await campaignsRepository.rounds(
    db,
    [...roundKeys].map((key) => {
      const first = byRound.get(key)![0]!;
      return { campaignId: first.campaign.id, userId: first.campaign.userId, slot: first.slot.key, scheduledFor: first.slot.at };
    }),
  );
  for (const s of skipped) {
    const first = s.items[0]!;
    const round = rounds.get(roundKeyOf(first));
    if (round) await pauseForCredits(container, { campaign: first.campaign, round, cost: s.cost, available: s.available, timeZone: zoneOf(first.target.place), now });
  }

  let queued = 0;
  for (let i = 0; i < planned.length; i += INSERT_BATCH) {
    const batch = planned.slice(i, i + INSERT_BATCH).flatMap((p) => {
      const round = rounds.get(p.roundKey);
      return round ? [{ p, roundId: round.id }] : [];
    });
    queued += await insertBatch(container, batch, now);
  }
  return queued;
}

const roundKeyOf = (d: DueItem) => `${d.campaign.id}|${d.slot.key}`;

/** The analyses a due round needs, or why it is skipped (the credits cannot pay a custom round). */
async function planRound(
  container: SchedulerContainer,
  items: DueItem[],
  resumed: boolean,
  cache: { plans: Map<string, PlanState>; grids: Map<string, RankMapGrid>; claimed: Map<string, number>; aiPlans: ReturnType<typeof aiRoundPlanner> },
  now: Date,
): Promise<{ analyses: PlannedAnalysis[] } | { skip: { items: DueItem[]; cost: number; available: number } }> {
  const { campaign, slot } = items[0]!;
  const userId = campaign.userId;
  let plan = cache.plans.get(userId);
  if (!plan) cache.plans.set(userId, (plan = await getPlanState(container, userId)));
  const isPlaceScan = campaign.placeId !== null;
  // A place's weekly scan runs on any plan with weekly scans; a custom campaign needs a professional plan.
  if (plan.planLimits.type === 'free' || (isPlaceScan ? plan.planLimits.weeklyScans === 0 : plan.planLimits.type !== 'pro')) return { analyses: [] };

  const withGrids: { item: DueItem; grid: RankMapGrid }[] = [];
  for (const item of items) {
    let grid = cache.grids.get(item.target.place.id);
    if (!grid) cache.grids.set(item.target.place.id, (grid = await gridSnapshotOf(container, item.target.place)));
    if (grid.points.length > 0) withGrids.push({ item, grid });
  }
  const billing: 'credits' | 'plan' = plan.planLimits.type === 'pro' ? 'credits' : 'plan';
  // AI visibility is paid in credits: only a plan that pays its scans in credits runs it (docs/decisions.md §31.16).
  const ai = campaign.ai && billing === 'credits' ? campaign.ai : null;
  const aiOf = await Promise.all(withGrids.map((g) => (ai ? cache.aiPlans(g.item.target.place, ai) : Promise.resolve(null))));
  if (!isPlaceScan && billing === 'credits' && !resumed && withGrids.length > 0) {
    const cost = withGrids.reduce((s, g, i) => s + g.grid.points.length + (aiOf[i]?.credits ?? 0), 0);
    const available = plan.subscriptionCredits + plan.extraCredits - (cache.claimed.get(userId) ?? 0);
    if (cost > available) return { skip: { items, cost, available: Math.max(0, available) } };
    cache.claimed.set(userId, (cache.claimed.get(userId) ?? 0) + cost);
  }
  const starts = isPlaceScan ? withGrids.map(() => null) : startTimes(withGrids.map((g) => ({ points: g.grid.points.length })), slot.at, container.config.mapsSearch.rateLimitPerMinute, now);
  return { analyses: withGrids.map(({ item, grid }, i) => ({ roundKey: roundKeyOf(item), item, grid, billing, startAt: starts[i] ?? null, ai: aiOf[i] ?? null })) };
}

/** One transaction: the analyses (those already made are left out by their unique key) and their scan jobs. */
async function insertBatch(container: SchedulerContainer, batch: { p: PlannedAnalysis; roundId: string }[], now: Date): Promise<number> {
  if (batch.length === 0) return 0;
  return container.database.db.transaction(async (tx) => {
    const values = batch.map(({ p, roundId }) => {
      const isPlaceScan = p.item.campaign.placeId !== null;
      return {
        keywordId: p.item.target.keywordId,
        placeId: p.item.target.place.id,
        userId: p.item.campaign.userId,
        query: p.item.target.keywordName,
        kind: isPlaceScan ? ('weekly' as const) : ('campaign' as const),
        scheduledFor: p.startAt ?? p.item.slot.at,
        weeklySlot: isPlaceScan ? p.item.slot.key : null,
        campaignRoundId: roundId,
        billing: p.billing,
        provider: container.config.mapsSearch.provider,
        grid: p.grid,
        target: targetOf(p.item.target.place),
        totalPoints: p.grid.points.length,
        jobId: randomUUID(),
      };
    });
    const inserted = await campaignsRepository.insertAnalyses(tx, values);
    if (inserted.length === 0) return 0;
    await container.boss.insert(
      inserted.map((r) => ({
        name: RANKMAP_SCAN_JOB,
        id: r.jobId!,
        data: { rankMapId: r.id },
        singletonKey: r.id,
        ...RANKMAP_SCAN_OPTIONS,
        ...(r.scheduledFor && r.scheduledFor.getTime() > now.getTime() ? { startAfter: r.scheduledFor } : {}),
      })),
      { db: transactionExecutor(tx) },
    );
    await recordRounds(tx, batch, inserted);
    // Each keyword's AI analysis of the round, in the same transaction: made once with its map analysis (docs/decisions.md §31.16).
    const made = new Set(inserted.map((r) => `${r.campaignRoundId}|${r.keywordId}`));
    const ai = batch.flatMap(({ p, roundId }) =>
      p.ai && made.has(`${roundId}|${p.item.target.keywordId}`)
        ? [
            {
              keywordId: p.item.target.keywordId,
              keywordName: p.item.target.keywordName,
              place: p.item.target.place,
              userId: p.item.campaign.userId,
              roundId,
              kind: p.item.campaign.placeId !== null ? ('scheduled' as const) : ('campaign' as const),
              plan: p.ai,
              startAt: p.startAt,
            },
          ]
        : [],
    );
    const aiQueued = await insertRoundAiAnalyses(tx, container.boss, ai, now);
    return inserted.length + aiQueued;
  });
}

/**
 * The activity log's entry for each round this batch started (docs/decisions.md §30.5): no
 * actor («Sistema»), the campaign, its analyses and the credits they will take (a pro plan's
 * points; a basic plan's weekly scans take none). In the batch's transaction, so a round
 * queued twice is recorded once: the second time inserts no analysis.
 */
async function recordRounds(tx: DbOrTx, batch: { p: PlannedAnalysis; roundId: string }[], inserted: { campaignRoundId: string | null; totalPoints: number; billing: string }[]) {
  const byRound = new Map<string, { analyses: number; credits: number }>();
  for (const r of inserted) {
    if (!r.campaignRoundId) continue;
    const t = byRound.get(r.campaignRoundId) ?? { analyses: 0, credits: 0 };
    t.analyses++;
    if (r.billing === 'credits') t.credits += r.totalPoints;
    byRound.set(r.campaignRoundId, t);
  }
  for (const [roundId, t] of byRound) {
    const { campaign, target } = batch.find((b) => b.roundId === roundId)!.p.item;
    await recordSystemActivity(tx, {
      workspaceId: campaign.userId,
      action: 'campaignRound',
      target: { type: 'campaign', id: campaign.id, label: campaign.name ?? target.place.name },
      details: { round: roundId, analyses: t.analyses, credits: t.credits },
    });
  }
}
