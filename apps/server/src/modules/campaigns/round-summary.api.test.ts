import { nextCampaignSlot } from '@rankmaps/shared/campaign-schedule';
import type { Campaign } from '@rankmaps/shared/schemas/campaigns';
import type { NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { notifications } from '../../db/notifications-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { emails } from '../../db/schema';
import { handleNotifyAnalysis } from '../../jobs/handlers/notify-analysis';
import { creditsService } from '../billing/credits.service';
import { runScan } from '../rankmaps/scan/scan.service';
import { enqueueDueCampaignRounds } from './campaign-scheduler.service';

const GRANADA = { lat: 37.1773, lng: -3.5986 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// The round summary and the «Análisis completado» e-mails of rounds (docs/decisions.md §25.6).
describe('round summaries (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword } = rankmapFixtures(app, container);
  const db = container.database.db;

  /** A pro user with a daily campaign at 9:00 over two keywords of one place, and credits for it. */
  const agency = async (googlePlaceId: string) => {
    const { user, headers } = await signedIn('pro_starter');
    const placeId = await createPlace(headers, googlePlaceId, GRANADA, 3);
    const keywordIds = [await addKeyword(headers, placeId, 'dentista'), await addKeyword(headers, placeId, 'clínica dental')];
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 1000, reference: `test-${user.id}` });
    const created = await app.inject({ method: 'POST', url: '/api/campaigns', headers, payload: { name: 'Sonrisas', frequency: 'daily', hour: 9, keywordIds } });
    expect(created.statusCode, created.body).toBe(201);
    const slot = nextCampaignSlot({ frequency: 'daily', day: null, date: null, hour: 9, weekParity: 0 }, new Date(), 'Europe/Madrid')!.at;
    return { user, headers, campaign: created.json<Campaign>(), slot };
  };
  /** Queues the round of `at`'s slot and returns its analyses (the place's weekly scan, if due too, is left out). */
  const round = async (userId: string, at: Date, after: Date) => {
    await enqueueDueCampaignRounds(container, at);
    const rows = await db.select().from(rankMaps).where(and(eq(rankMaps.userId, userId), eq(rankMaps.kind, 'campaign')));
    return rows.filter((r) => r.createdAt.getTime() >= after.getTime());
  };
  const summariesOf = (userId: string) => db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'round-completed')));
  const mailsOf = (to: string, kind: string) => db.select().from(emails).where(and(eq(emails.to, to), like(emails.kind, kind)));

  it('when a campaign round ends, then one summary is made and e-mailed, however often the round-end job runs, and no «Análisis completado» e-mail goes per analysis', async () => {
    const { user, campaign, slot } = await agency('demo-granada-dentista-1');
    const started = new Date(Date.now() - 1000);
    const analyses = await round(user.id, new Date(slot.getTime() + HOUR), started);
    expect(analyses).toHaveLength(2);
    const [first, second] = analyses as [(typeof analyses)[number], (typeof analyses)[number]];

    expect(await runScan(fastScanDeps(container, container.mapsSearch), first.id)).toBe('completed');
    await handleNotifyAnalysis(container, { rankMapId: first.id });
    // One analysis of two: the round has not ended.
    expect(await summariesOf(user.id)).toHaveLength(0);

    expect(await runScan(fastScanDeps(container, container.mapsSearch), second.id)).toBe('completed');
    // The job of the last analysis, run twice, and the first one's again (a retry): still one summary.
    await handleNotifyAnalysis(container, { rankMapId: second.id });
    await handleNotifyAnalysis(container, { rankMapId: second.id });
    await handleNotifyAnalysis(container, { rankMapId: first.id });
    const summaries = await summariesOf(user.id);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ placeId: null, link: `/campanas/${campaign.id}`, title: 'Ronda terminada de la campaña «Sonrisas»', inApp: true });
    expect(summaries[0]!.body).toMatch(/^2 análisis: 2 completados\. «(dentista|clínica dental)» \(.+\): GeoRank \d+,\d; «(dentista|clínica dental)» \(.+\): GeoRank \d+,\d\.$/);
    expect(await mailsOf(user.email, 'alert-round-completed')).toHaveLength(1);

    // Each analysis still tells the bell it completed, but by default no e-mail goes for a round's analyses.
    const completed = await db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'scan-completed')));
    expect(completed).toHaveLength(2);
    expect(await mailsOf(user.email, 'alert-scan-completed')).toHaveLength(0);
  });

  it('when the user asks for «Análisis completado» e-mails of rounds, or turns the summary’s e-mail off, then the next round follows the settings', async () => {
    const { user, headers, slot } = await agency('demo-granada-dentista-2');
    const current = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<NotificationSettings>();
    expect(current.roundScanEmails).toBe(false);
    expect(current.switches['round-completed']).toEqual({ inApp: true, email: true, slack: true });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers,
      payload: { ...current, roundScanEmails: true, switches: { ...current.switches, 'round-completed': { inApp: true, email: false, slack: false } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<NotificationSettings>()).toMatchObject({ roundScanEmails: true, switches: { 'round-completed': { inApp: true, email: false, slack: false } } });

    const started = new Date(Date.now() - 1000);
    const analyses = await round(user.id, new Date(slot.getTime() + DAY + HOUR), started);
    expect(analyses).toHaveLength(2);
    for (const a of analyses) {
      expect(await runScan(fastScanDeps(container, container.mapsSearch), a.id)).toBe('completed');
      await handleNotifyAnalysis(container, { rankMapId: a.id });
    }
    expect(await mailsOf(user.email, 'alert-scan-completed')).toHaveLength(2);
    expect(await summariesOf(user.id)).toHaveLength(1);
    expect(await mailsOf(user.email, 'alert-round-completed')).toHaveLength(0);
  });
});
