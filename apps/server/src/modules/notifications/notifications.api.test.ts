import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { NotificationList, NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { emails } from '../../db/schema';
import { notificationDeliveries, notifications } from '../../db/notifications-schema';
import { FAILURE_REASONS } from '../rankmaps/scan/scan-billing.service';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { runScan } from '../rankmaps/scan/scan.service';
import { evaluateAnalysis, sendDigests } from './notifications.service';

type Headers = Record<string, string>;
const FIRST_WEEK = new Date('2026-11-02T10:00:00Z');
const NEXT_WEEK = new Date('2026-11-09T10:00:00Z');

describe('notifications (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  // Each scan runs at a fixed moment of the simulation, so two scans differ the same way
  // whatever today's date is (the demo's rankings drift by week and by hour).
  const scanned = async (headers: Headers, keywordId: string, query: string, at = FIRST_WEEK) => {
    const res = await analyze(headers, keywordId, { query, maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    expect(await runScan(fastScanDeps(container, scriptedProvider({ at: () => at }).provider), rankMapId)).toBe('completed');
    return rankMapId;
  };
  const settingsOf = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers })).json<NotificationSettings>();
  const put = (headers: Headers, payload: unknown) => app.inject({ method: 'PUT', url: '/api/notifications/settings', headers, payload: payload as object });
  const rowsFor = (rankMapId: string) => db.select().from(notifications).where(eq(notifications.rankMapId, rankMapId));
  const alertMails = (to: string) => db.select().from(emails).where(and(eq(emails.to, to), like(emails.kind, 'alert-%')));

  it('when thresholds are out of range or the body is malformed, then it answers 400 in Spanish and changes nothing', async () => {
    const { headers } = await withKeyword('pro_starter');
    const before = await settingsOf(headers);
    expect(before.geoRankDropPoints).toBe(10);
    expect(before.localPackLostPercent).toBe(20);
    for (const bad of [
      { ...before, geoRankDropPoints: 0 },
      { ...before, geoRankGainPoints: 101 },
      { ...before, localPackLostPercent: 12.5 },
      { ...before, localPackGainedPercent: '20' },
      { ...before, emailMode: 'weekly' },
      { ...before, switches: { ...before.switches, 'rank-drop': { inApp: 'sí', email: true } } },
      { ...before, extra: 1 },
      null,
    ]) {
      const res = await put(headers, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/umbral|correos|aviso|ajustes|válid/i);
    }
    const res = await put(headers, { ...before, geoRankDropPoints: 0 });
    expect(res.json<{ error: string }>().error).toBe('El umbral de GeoRank debe ser un número entero entre 1 y 100 puntos.');
    expect(await settingsOf(headers)).toEqual(before);
  });

  it('when an analysis completes after another with thresholds at their lowest, then its alerts are created once, even when the evaluation runs twice, and each e-mail is queued once with one-click unsubscribe', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const current = await settingsOf(headers);
    const saved = await put(headers, { ...current, geoRankDropPoints: 1, geoRankGainPoints: 1, localPackLostPercent: 1, localPackGainedPercent: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const first = await scanned(headers, keywordId, 'dentista');
    const second = await scanned(headers, keywordId, 'clínica dental', NEXT_WEEK);

    await evaluateAnalysis(container, first);
    await evaluateAnalysis(container, second);
    await evaluateAnalysis(container, second);
    const rows = await rowsFor(second);
    const kinds = rows.map((r) => r.kind).sort();
    expect(kinds).toContain('scan-completed');
    expect(kinds.some((k) => k === 'rank-drop' || k === 'rank-gain')).toBe(true);
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length);
    const alert = rows.find((r) => r.kind === 'rank-drop' || r.kind === 'rank-gain')!;
    expect(alert.comparedRankMapId).toBe(first);
    expect(alert.link).toBe(`${alert.link.split('?')[0]}?analysis=${second}&compare=${first}`);
    expect(alert.body).toMatch(/GeoRank de|Local Pack/);

    // Each notification's e-mail once: the job queued with the completion may have run too.
    const mails = await alertMails(user.email);
    const all = [...(await rowsFor(first)), ...rows];
    expect(mails).toHaveLength(all.length);
    const deliveries = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, user.id));
    expect(deliveries).toHaveLength(all.length);
    expect(deliveries.every((d) => d.status === 'queued' && d.emailId)).toBe(true);

    const mail = mails.find((m) => m.kind === `alert-${alert.kind}`)!;
    expect(mail.text).toMatch(/Resumen de movimientos: \d+ puntos mejoran, \d+ empeoran y \d+ siguen igual\./);
    expect(mail.text).toContain(`${container.config.appUrl}${alert.link}`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(url).toBeDefined();
    const path = url!.slice(container.config.appUrl.length);

    // The in-app list: newest first, unread counted; read one, then all.
    const list = (await app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers })).json<NotificationList>();
    expect(list.total).toBe(all.length);
    expect(list.unread).toBe(all.length);
    const dates = list.notifications.map((n) => n.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect((await app.inject({ method: 'POST', url: `/api/notifications/${alert.id}/read`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>().unread).toBe(all.length - 1);
    expect((await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>().unread).toBe(0);

    // The unsubscribe link: GET shows a page, POST (one click) turns that kind's e-mails off.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Darme de baja');
    const done = await app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Baja confirmada');
    const after = await settingsOf(headers);
    expect(after.switches[alert.kind]).toEqual({ inApp: true, email: false, slack: true });
    expect(after.switches['scan-completed'].email).toBe(true);
    const forged = await app.inject({ method: 'POST', url: `${path.slice(0, -3)}xyz` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error: string }>().error).toContain('enlace de baja');
  });

  it('when a user chose the daily digest, then alerts wait for it and the digest sends them in one e-mail, once', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const current = await settingsOf(headers);
    expect((await put(headers, { ...current, emailMode: 'digest' })).statusCode).toBe(200);
    const id = await scanned(headers, keywordId, 'dentista');
    await evaluateAnalysis(container, id);
    expect(await alertMails(user.email)).toHaveLength(0);
    await sendDigests(container);
    await sendDigests(container);
    const mails = await alertMails(user.email);
    expect(mails.map((m) => m.kind)).toEqual(['alert-digest']);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0]!.text).toContain('Análisis completado');
  });

  it('when an alert is off in the app but on by e-mail, then its e-mail goes out and the bell does not list it; both off, then nothing is made', { timeout: 120_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const current = await settingsOf(headers);
    const switches = { ...current.switches, 'scan-completed': { inApp: false, email: true } };
    expect((await put(headers, { ...current, switches })).statusCode).toBe(200);
    const id = await scanned(headers, keywordId, 'dentista');
    expect(await evaluateAnalysis(container, id)).toBe(1);
    expect((await rowsFor(id))[0]).toMatchObject({ kind: 'scan-completed', inApp: false });
    expect((await alertMails(user.email)).map((m) => m.kind)).toEqual(['alert-scan-completed']);
    const list = (await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>();
    expect(list).toMatchObject({ total: 0, unread: 0, notifications: [] });

    expect((await put(headers, { ...current, switches: { ...current.switches, 'scan-completed': { inApp: false, email: false } } })).statusCode).toBe(200);
    const other = await scanned(headers, keywordId, 'clínica dental');
    await evaluateAnalysis(container, other);
    expect((await rowsFor(other)).filter((r) => r.kind === 'scan-completed')).toHaveLength(0);
  });

  it('when a place is muted, then its analyses notify nothing', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const current = await settingsOf(headers);
    const foreign = await put(headers, { ...current, mutedPlaceIds: [placeId, '00000000-0000-4000-8000-000000000000'] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: string }>().error).toBe('Lugar no encontrado.');
    expect((await settingsOf(headers)).mutedPlaceIds).toEqual([]);
    expect((await put(headers, { ...current, mutedPlaceIds: [placeId] })).statusCode).toBe(200);
    expect((await settingsOf(headers)).mutedPlaceIds).toEqual([placeId]);
    const id = await scanned(headers, keywordId, 'dentista');
    expect(await evaluateAnalysis(container, id)).toBe(0);
    expect(await rowsFor(id)).toHaveLength(0);
  });

  it('when an analysis fails because the search vendor refuses us, then a «scan failed» notification says why, once', { timeout: 120_000 }, async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const res = await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
    const { rankMapId } = res.json<AnalyzeResponse>();
    expect(await runScan(fastScanDeps(container, scriptedProvider({ fail: () => 'fatal' }).provider), rankMapId)).toBe('failed');
    expect(await evaluateAnalysis(container, rankMapId)).toBe(1);
    expect(await evaluateAnalysis(container, rankMapId)).toBe(0);
    const [row] = await rowsFor(rankMapId);
    expect(row).toMatchObject({ kind: 'scan-failed', data: { cause: 'vendor' } });
    expect(row!.title).toMatch(/no se completó: fallo del proveedor de búsqueda$/);
    expect(row!.body).toBe(FAILURE_REASONS.providerRejected);
  });

  it('when a followed competitor is ahead of us in GeoRank now and was not before, then «te adelanta» is notified once; one ahead both times is not', { timeout: 120_000 }, async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_starter', 'demo-malaga-dentista-1', MALAGA);
    const first = await scanned(headers, keywordId, 'dentista');
    const second = await scanned(headers, keywordId, 'clínica dental', NEXT_WEEK);
    const now = (await rankMapsRepository.findById(db, second))!;
    const ahead = now.competitorAnalysis!.competitors.filter((c) => !c.isOurBusiness && c.compositeScore > now.stats!.geoRank);
    // The demo's Málaga dentists: some rank above this one.
    expect(ahead.length).toBeGreaterThanOrEqual(2);
    const [overtaker, alwaysAhead] = ahead as [(typeof ahead)[0], (typeof ahead)[0]];
    for (const c of [overtaker, alwaysAhead]) {
      const res = await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: { placeId: c.placeId, name: c.name } });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The analysis before: the overtaker below us, the other one above us (its stored table, as a scan would have left it).
    const before = (await rankMapsRepository.findById(db, first))!;
    const ours = before.stats!.geoRank;
    const rows = before.competitorAnalysis!.competitors.filter((c) => c.placeId !== overtaker.placeId && c.placeId !== alwaysAhead.placeId);
    rows.push({ ...overtaker, compositeScore: Math.max(0, ours - 5) }, { ...alwaysAhead, compositeScore: ours + 5 });
    await rankMapsRepository.update(db, first, { competitorAnalysis: { ...before.competitorAnalysis!, competitors: rows } });

    await evaluateAnalysis(container, second);
    await evaluateAnalysis(container, second);
    const overtaken = (await rowsFor(second)).filter((r) => r.kind === 'competitor-overtook');
    expect(overtaken).toHaveLength(1);
    expect(overtaken[0]).toMatchObject({ dedupeKey: `competitor-overtook:${second}:${overtaker.placeId}`, comparedRankMapId: first });
    expect(overtaken[0]!.title.startsWith(`${overtaker.name} te adelanta en «dentista» (`)).toBe(true);
    expect(overtaken[0]!.body).toMatch(/^Su GeoRank es [\d,]+ y el tuyo [\d,]+\. En el análisis anterior tenía [\d,]+ y tú [\d,]+\.$/);
  });

  it('when another user marks a notification as read, or the id is malformed, then it answers 404', async () => {
    const { headers } = await withKeyword('pro_starter');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('Notificación no encontrada.');
    }
    const bad = await app.inject({ method: 'GET', url: '/api/notifications?page=0', headers });
    expect(bad.statusCode).toBe(400);
  });
});
