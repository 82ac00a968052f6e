import { nextWeeklyScan } from '@rankmaps/shared/schedule';
import type { RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { createTestApp } from '../../../../test/test-app';
import { rankMaps } from '../../../db/rankmaps-schema';
import { RANKMAP_SCAN_JOB } from '../../../jobs/definitions/rankmap-scan';
import { placesRepository } from '../../places/places.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { quotaMonth } from '../scan-quota';
import { rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { enqueueDueCampaignRounds } from '../../campaigns/campaign-scheduler.service';
import { weeklySlotKey } from './weekly-scans.service';

const HOUR = 3_600_000;

describe('weekly scans', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword } = rankmapFixtures(app, container);
  const db = container.database.db;
  const weeklyOf = async (headers: Record<string, string>, keywordId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/rankmap/keyword/${keywordId}`, headers });
    return res.json<RankMapSummary[]>().filter((e) => e.kind === 'weekly' && !e.virtual);
  };
  /** A user's place in `city` with two keywords, created before the next slot; `at` is an hour after that slot. */
  const setUp = async (planId: string, googlePlaceId: string, centre: { lat: number; lng: number }) => {
    const { user, headers } = await signedIn(planId);
    const placeId = await createPlace(headers, googlePlaceId, centre, 3);
    const keywords = [await addKeyword(headers, placeId, 'uno'), await addKeyword(headers, placeId, 'dos')];
    const slot = nextWeeklyScan(new Date(), 1, 9, 'Europe/Madrid');
    return { user, headers, placeId, keywords, slot, at: new Date(slot.getTime() + HOUR) };
  };

  it('names a slot by the ISO week of its local date', () => {
    expect(weeklySlotKey(new Date('2026-11-23T08:00:00Z'), 'Europe/Madrid')).toBe('2026-W48');
    expect(weeklySlotKey(new Date('2027-01-01T08:00:00Z'), 'Europe/Madrid')).toBe('2026-W53');
    expect(weeklySlotKey(new Date('2027-01-04T08:00:00Z'), 'Europe/Madrid')).toBe('2027-W01');
    // Sunday 23:30 UTC is already Monday in Madrid.
    expect(weeklySlotKey(new Date('2026-11-22T23:30:00Z'), 'Europe/Madrid')).toBe('2026-W48');
  });

  it('when the scheduler runs twice at once and again later, then each keyword gets one weekly analysis for the slot', async () => {
    const { headers, keywords, slot, at } = await setUp('pro_starter', 'demo-granada-dentista-1', { lat: 37.1773, lng: -3.5986 });
    const runs = await Promise.all([enqueueDueCampaignRounds(container, at), enqueueDueCampaignRounds(container, at)]);
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(2);
    expect(await enqueueDueCampaignRounds(container, new Date(at.getTime() + 10 * 60_000))).toBe(0);
    for (const keywordId of keywords) {
      const weekly = await weeklyOf(headers, keywordId);
      expect(weekly).toHaveLength(1);
      expect(weekly[0]).toMatchObject({ status: 'pending', scheduledFor: slot.toISOString(), totalPoints: 9, virtual: false });
      const row = (await rankMapsRepository.findById(db, weekly[0]!.id))!;
      expect(row).toMatchObject({ weeklySlot: weeklySlotKey(slot, 'Europe/Madrid'), billing: 'credits', query: keywordId === keywords[0] ? 'uno' : 'dos' });
      expect(await container.boss.getJobById(RANKMAP_SCAN_JOB, row.jobId!)).toMatchObject({ state: 'created', data: { rankMapId: row.id } });
    }
  });

  it('when the slot is more than 6 hours old, or the keyword came after it, then nothing is queued', async () => {
    const late = await setUp('pro_starter', 'demo-granada-dentista-2', { lat: 37.1773, lng: -3.5986 });
    expect(await enqueueDueCampaignRounds(container, new Date(late.slot.getTime() + 7 * HOUR))).toBe(0);
    // The slot of the week before: the place and its keywords did not exist yet.
    const before = new Date(late.slot.getTime() - 7 * 24 * HOUR + HOUR);
    expect(await enqueueDueCampaignRounds(container, before)).toBe(0);
    for (const keywordId of late.keywords) expect(await weeklyOf(late.headers, keywordId)).toEqual([]);
  });

  it('when the place is in another time zone, then its own wall clock decides the slot', async () => {
    const { user, headers, placeId, keywords } = await setUp('pro_starter', 'demo-granada-dentista-3', { lat: 37.1773, lng: -3.5986 });
    await placesRepository.update(db, user.id, placeId, { timeZone: 'America/New_York', rankDay: 3, rankHour: 18 });
    const slot = nextWeeklyScan(new Date(), 3, 18, 'America/New_York');
    expect(await enqueueDueCampaignRounds(container, new Date(slot.getTime() - 60_000))).toBe(0);
    expect(await enqueueDueCampaignRounds(container, new Date(slot.getTime() + 60_000))).toBe(2);
    expect((await weeklyOf(headers, keywords[0]!))[0]!.scheduledFor).toBe(slot.toISOString());
  });

  it('when a basic plan gets its weekly scan, then it is part of the plan and no monthly scan is used', async () => {
    const { user, keywords, at } = await setUp('basico', 'demo-granada-abogado-1', { lat: 37.1773, lng: -3.5986 });
    // Other tests' places may be due at the same time: only this user's keywords are checked.
    expect(await enqueueDueCampaignRounds(container, at)).toBeGreaterThanOrEqual(2);
    expect(await rankMapsRepository.countQuotaUses(db, user.id, quotaMonth(at))).toBe(0);
    for (const keywordId of keywords) {
      const rows = await db.select({ kind: rankMaps.kind, billing: rankMaps.billing }).from(rankMaps).where(eq(rankMaps.keywordId, keywordId));
      expect(rows.map((r) => [r.kind, r.billing])).toEqual([['weekly', 'plan']]);
    }
  });

  it('when weekly scans are off, or the plan ended, then nothing is queued', async () => {
    const off = await setUp('pro_starter', 'demo-granada-abogado-2', { lat: 37.1773, lng: -3.5986 });
    await app.inject({ method: 'PUT', url: `/api/place/${off.placeId}/schedule`, headers: off.headers, payload: { weeklyScans: false } });
    const ended = await setUp('pro_starter', 'demo-granada-abogado-3', { lat: 37.1773, lng: -3.5986 });
    await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers: ended.headers });
    await enqueueDueCampaignRounds(container, off.at);
    for (const k of [...off.keywords, ...ended.keywords]) expect(await rankMapsRepository.listByKeyword(db, k)).toEqual([]);
  });
});
