import type { AnalyzeResponse, RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { Client, ClientList, PortfolioResponse, PortfolioRow } from '@rankmaps/shared/schemas/workspace';
import type { Place } from '@rankmaps/shared/schemas/places';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { keywordFigures } from '../../db/rankmaps-schema';
import { clientsRepository } from '../clients/clients.repository';
import { runScan } from '../rankmaps/scan/scan.service';

type Headers = Record<string, string>;

describe('clients and the portfolio (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, analyze } = rankmapFixtures(app, container);
  const call = (headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const portfolio = async (headers: Headers, query = '') => {
    const res = await call(headers, 'GET', `/api/portfolio${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PortfolioResponse>();
  };
  const row = (body: PortfolioResponse, keywordId: string): PortfolioRow => {
    const found = body.rows.find((r) => r.keyword.id === keywordId);
    if (!found) throw new Error(`no row for ${keywordId}`);
    return found;
  };

  /** An analysis of the keyword with this text, run by the real scan; it ends completed or failed. */
  const scan = async (headers: Headers, keywordId: string, query: string, fail = false) => {
    const res = await analyze(headers, keywordId, { query, maxResults: 20 });
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    const provider = scriptedProvider(fail ? { fail: () => 'fatal' } : {}).provider;
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe(fail ? 'failed' : 'completed');
    return (await call(headers, 'GET', `/api/rankmap/${rankMapId}`)).json<RankMapResponse>().rankMap;
  };

  describe('clients', () => {
    it('when a user creates, lists, renames and deletes clients, then names are unique whatever the case, and a deleted client leaves its places ungrouped', { timeout: 60_000 }, async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-2', MALAGA, 3);

      const created = await call(headers, 'POST', '/api/clients', { name: '  Clínica Sonrisa  ' });
      expect(created.statusCode, created.body).toBe(201);
      const client = created.json<Client>();
      expect(client).toMatchObject({ name: 'Clínica Sonrisa', places: 0 });

      const duplicate = await call(headers, 'POST', '/api/clients', { name: 'CLÍNICA SONRISA' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toMatchObject({ error: 'Ya tienes un cliente con ese nombre.' });

      for (const [payload, message] of [
        [{ name: '' }, 'Escribe el nombre del cliente.'],
        [{ name: '   ' }, 'Escribe el nombre del cliente.'],
        [{ name: 'x'.repeat(81) }, 'El nombre del cliente no puede superar los 80 caracteres.'],
        [{ name: 42 }, 'Escribe el nombre del cliente.'],
        [{}, 'Escribe el nombre del cliente.'],
      ] as const) {
        const res = await call(headers, 'POST', '/api/clients', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ error: string }>().error).toContain(message);
      }
      expect((await call(headers, 'POST', '/api/clients', { name: 'x'.repeat(80) })).statusCode).toBe(201);

      const assigned = await call(headers, 'PUT', `/api/place/${placeId}/client`, { clientId: client.id });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toEqual({ placeId, client: { id: client.id, name: 'Clínica Sonrisa' } });
      expect((await call(headers, 'GET', `/api/place/${placeId}`)).json<Place>().client).toEqual({ id: client.id, name: 'Clínica Sonrisa' });

      const list = (await call(headers, 'GET', '/api/clients')).json<ClientList>();
      expect(list.clients.map((c) => [c.name, c.places])).toEqual([
        ['Clínica Sonrisa', 1],
        ['x'.repeat(80), 0],
      ]);

      const renamed = await call(headers, 'PUT', `/api/clients/${client.id}`, { name: 'Sonrisa Málaga' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Client>()).toMatchObject({ id: client.id, name: 'Sonrisa Málaga', places: 1 });
      const clash = await call(headers, 'PUT', `/api/clients/${client.id}`, { name: 'X'.repeat(80) });
      expect(clash.statusCode).toBe(409);
      // Renaming to its own name in another case is not a clash.
      expect((await call(headers, 'PUT', `/api/clients/${client.id}`, { name: 'SONRISA MÁLAGA' })).statusCode).toBe(200);

      const removed = await call(headers, 'DELETE', `/api/clients/${client.id}`);
      expect(removed.statusCode).toBe(200);
      const place = (await call(headers, 'GET', `/api/place/${placeId}`)).json<Place>();
      expect(place.client).toBeNull();
      expect((await call(headers, 'GET', '/api/clients')).json<ClientList>().clients.map((c) => c.name)).toEqual(['x'.repeat(80)]);
      expect((await call(headers, 'DELETE', `/api/clients/${client.id}`)).statusCode).toBe(404);
    });

    it('when another user names someone else’s client or place, then every route answers 404 and nothing changes', { timeout: 60_000 }, async () => {
      const owner = await signedIn('pro_starter');
      const ownerPlace = await createPlace(owner.headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const client = (await call(owner.headers, 'POST', '/api/clients', { name: 'Ajeno' })).json<Client>();
      const other = await signedIn('pro_starter');
      const otherPlace = await createPlace(other.headers, 'demo-malaga-dentista-2', MALAGA, 3);

      for (const [method, url, payload] of [
        ['PUT', `/api/clients/${client.id}`, { name: 'Robado' }],
        ['DELETE', `/api/clients/${client.id}`, undefined],
        ['PUT', `/api/place/${otherPlace}/client`, { clientId: client.id }],
        ['PUT', `/api/place/${ownerPlace}/client`, { clientId: null }],
        ['GET', `/api/portfolio?clientId=${client.id}`, undefined],
        ['PUT', '/api/clients/no-es-un-id', { name: 'Otro' }],
        ['GET', '/api/portfolio?clientId=no-es-un-id', undefined],
      ] as const) {
        const res = await call(other.headers, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json<{ error: string }>().error).toMatch(/no encontrado/);
      }
      expect((await call(owner.headers, 'GET', '/api/clients')).json<ClientList>().clients.map((c) => c.name)).toEqual(['Ajeno']);
      expect((await call(other.headers, 'GET', `/api/place/${otherPlace}`)).json<Place>().client).toBeNull();
      expect((await call(other.headers, 'GET', '/api/clients')).json<ClientList>().clients).toEqual([]);
    });

    it('when the body of an assignment is wrong, then it answers 400 in Spanish and the place keeps its client', async () => {
      const { headers, user } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const client = (await call(headers, 'POST', '/api/clients', { name: 'Fijo' })).json<Client>();
      await call(headers, 'PUT', `/api/place/${placeId}/client`, { clientId: client.id });
      for (const payload of [{}, { clientId: 7 }, { clientId: client.id, extra: true }, []]) {
        const res = await call(headers, 'PUT', `/api/place/${placeId}/client`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ error: string }>().error).toMatch(/cliente|Indica/);
      }
      expect((await call(headers, 'GET', `/api/place/${placeId}`)).json<Place>().client?.id).toBe(client.id);
      // A client deleted between the check and the update: the foreign key refuses, reported, not thrown.
      expect(await clientsRepository.setPlaceClient(container.database.db, user.id, placeId, randomUUID())).toBe('client-gone');
      expect((await call(headers, 'GET', `/api/place/${placeId}`)).json<Place>().client?.id).toBe(client.id);
      const ungrouped = await call(headers, 'PUT', `/api/place/${placeId}/client`, { clientId: null });
      expect(ungrouped.json()).toEqual({ placeId, client: null });
    });
  });

  describe('a new business under a client', () => {
    it('when a business is added with a client, then it is grouped under it; another user’s client, an unknown one or a wrong id is a 404 and adds nothing', { timeout: 60_000 }, async () => {
      const { headers } = await signedIn('pro_starter');
      const other = await signedIn('pro_starter');
      const client = (await call(headers, 'POST', '/api/clients', { name: 'Grupo Norte' })).json<Client>();
      const theirs = (await call(other.headers, 'POST', '/api/clients', { name: 'Ajeno' })).json<Client>();
      const matrixConfig = { gridSize: 3, radius: 1500, coordinates: MALAGA };
      for (const clientId of [theirs.id, randomUUID(), 'no-es-un-id']) {
        const refused = await call(headers, 'POST', '/api/place', { googlePlaceId: 'demo-malaga-dentista-1', matrixConfig, clientId });
        expect(refused.statusCode, refused.body).toBe(404);
        expect(refused.json()).toMatchObject({ error: 'Cliente no encontrado.' });
      }
      expect((await call(headers, 'GET', '/api/place')).json<Place[]>()).toEqual([]);
      const created = await call(headers, 'POST', '/api/place', { googlePlaceId: 'demo-malaga-dentista-1', matrixConfig, clientId: client.id });
      expect(created.statusCode, created.body).toBe(201);
      const placeId = created.json<{ _id: string }>()._id;
      expect((await call(headers, 'GET', `/api/place/${placeId}`)).json<Place>().client).toEqual({ id: client.id, name: 'Grupo Norte' });
      const ungrouped = await call(headers, 'POST', '/api/place', { googlePlaceId: 'demo-malaga-dentista-2', matrixConfig, clientId: null });
      expect(ungrouped.statusCode, ungrouped.body).toBe(201);
      expect((await call(headers, 'GET', `/api/place/${ungrouped.json<{ _id: string }>()._id}`)).json<Place>().client).toBeNull();
    });
  });

  describe('portfolio', () => {
    let world: Promise<{ headers: Headers; scanned: string; never: string; other: string; clientId: string; first: RankMapResponse['rankMap']; second: RankMapResponse['rankMap'] }> | undefined;
    /** Two places: one under a client with a keyword scanned twice and one never scanned; one ungrouped with a keyword scanned once. */
    const twoScans = () =>
      (world ??= (async () => {
        const { headers } = await signedIn('pro_starter');
        const clinic = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
        const bakery = await createPlace(headers, 'demo-malaga-dentista-2', MALAGA, 3);
        const clientId = (await call(headers, 'POST', '/api/clients', { name: 'Grupo Dental' })).json<Client>().id;
        await call(headers, 'PUT', `/api/place/${clinic}/client`, { clientId });
        const scanned = await addKeyword(headers, clinic, 'dentista');
        const never = await addKeyword(headers, clinic, 'implantología');
        const other = await addKeyword(headers, bakery, 'ortodoncia');
        const first = await scan(headers, scanned, 'dentista');
        const second = await scan(headers, scanned, 'dentista urgencias');
        await scan(headers, other, 'ortodoncia');
        return { headers, scanned, never, other, clientId, first, second };
      })());

    it('when a keyword has two completed analyses, then its row shows the latest figures, their change against the one before, the sparkline and the schedule', { timeout: 120_000 }, async () => {
      const { headers, scanned, never, first, second } = await twoScans();
      const body = await portfolio(headers);
      expect(body.total).toBe(3);
      const r = row(body, scanned);
      const [a, b] = [first.stats!, second.stats!];
      expect(r.latestRankMapId).toBe(second.id);
      expect(r.geoRank).toEqual({ value: b.geoRank, change: expect.closeTo(b.geoRank - a.geoRank, 6) as number });
      expect(r.avgTotalPosition.value).toBe(b.avgTotalPosition);
      expect(r.avgTotalPosition.change).toBeCloseTo(b.avgTotalPosition - a.avgTotalPosition, 6);
      expect(r.localPack.value).toBe(b.localPackPercentage);
      expect(r.avgPosition.value).toBe(b.avgPosition);
      expect(r.sparkline).toEqual([a.geoRank, b.geoRank]);
      expect(r.state).toBe('completed');
      expect(r.lastAt).toBe(second.completedAt);
      expect(r.place.client?.name).toBe('Grupo Dental');
      // Weekly scans are on by default: the next run is the place's next slot, within a week.
      expect(new Date(r.nextRunAt!).getTime() - Date.now()).toBeGreaterThan(0);
      expect(new Date(r.nextRunAt!).getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
      const n = row(body, never);
      expect(n).toMatchObject({ state: 'none', lastAt: null, sparkline: [], latestRankMapId: null, geoRank: { value: null, change: null }, gridChanged: false });

      // The cards read the same figures.
      const place = (await call(headers, 'GET', `/api/place/${r.place.id}?withKeywords=true`)).json<Place>();
      expect(place.keywords?.find((k) => k._id === scanned)?.figures).toEqual({ geoRank: b.geoRank, geoRankChange: r.geoRank.change, gridChanged: false, lastAt: second.completedAt });
      const list = (await call(headers, 'GET', '/api/place')).json<Place[]>();
      expect(list.find((p) => p._id === r.place.id)?.figures).toMatchObject({ geoRank: b.geoRank, lastAt: second.completedAt });
    });

    it('when the grid changes between two analyses, then the cards and the row show no change and say the grid changed, and the sparkline starts again; a third analysis compares again', { timeout: 120_000 }, async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const keywordId = await addKeyword(headers, placeId, 'dentista');
      await scan(headers, keywordId, 'dentista');
      const edited = await call(headers, 'PUT', `/api/place/${placeId}/matrix`, { gridSize: 5, radius: 1500, coordinates: MALAGA });
      expect(edited.statusCode, edited.body).toBe(200);
      const onNewGrid = await scan(headers, keywordId, 'dentista');
      const cardOf = async () => (await call(headers, 'GET', `/api/place/${placeId}?withKeywords=true`)).json<Place>();
      const changed = await cardOf();
      expect(changed.figures).toMatchObject({ geoRank: onNewGrid.stats!.geoRank, geoRankChange: null, gridChanged: true });
      expect(changed.keywords?.[0]?.figures).toMatchObject({ geoRankChange: null, gridChanged: true });
      const r = row(await portfolio(headers), keywordId);
      expect(r.geoRank).toEqual({ value: onNewGrid.stats!.geoRank, change: null });
      expect(r.gridChanged).toBe(true);
      expect(r.sparkline).toEqual([onNewGrid.stats!.geoRank]);

      const again = await scan(headers, keywordId, 'dentista');
      const compared = await cardOf();
      expect(compared.figures).toMatchObject({ gridChanged: false, geoRankChange: expect.closeTo(again.stats!.geoRank - onNewGrid.stats!.geoRank, 6) as number });
      const comparedRow = row(await portfolio(headers), keywordId);
      expect(comparedRow.sparkline).toEqual([onNewGrid.stats!.geoRank, again.stats!.geoRank]);
      expect(comparedRow.gridChanged).toBe(false);
      expect(comparedRow.geoRank.change).toBeCloseTo(again.stats!.geoRank - onNewGrid.stats!.geoRank, 6);
    });

    it('when the portfolio is filtered, searched, sorted and paged, then it returns exactly the matching rows in order with their total', { timeout: 120_000 }, async () => {
      const { headers, scanned, never, other, clientId } = await twoScans();
      const ids = (body: PortfolioResponse) => body.rows.map((r) => r.keyword.id);
      expect(ids(await portfolio(headers, `?clientId=${clientId}&sort=keyword`))).toEqual([scanned, never]);
      expect(ids(await portfolio(headers, `?clientId=${clientId}&sort=keyword&dir=desc`))).toEqual([never, scanned]);
      expect(ids(await portfolio(headers, '?clientId=none'))).toEqual([other]);
      expect(ids(await portfolio(headers, '?state=never'))).toEqual([never]);
      // Accents and case do not matter; each word must match the place's or the keyword's name.
      expect(ids(await portfolio(headers, '?q=IMPLANTOLOGIA'))).toEqual([never]);
      expect(ids(await portfolio(headers, '?q=implant%20%C3%93GIA'))).toEqual([never]);
      expect(ids(await portfolio(headers, '?q=orto'))).toEqual([other]);
      expect((await portfolio(headers, '?q=%25')).total).toBe(0);

      const r = row(await portfolio(headers), scanned);
      const change = r.geoRank.change!;
      const dropped = ids(await portfolio(headers, '?movement=dropped'));
      const improved = ids(await portfolio(headers, '?movement=improved'));
      expect(dropped.includes(scanned)).toBe(change < 0);
      expect(improved.includes(scanned)).toBe(change > 0);
      expect(dropped).not.toContain(never);
      expect(improved).not.toContain(other);

      const all = await portfolio(headers, '?sort=geoRank&dir=desc');
      const values = all.rows.map((x) => x.geoRank.value);
      expect(values.at(-1)).toBeNull();
      const known = values.filter((v): v is number => v !== null);
      expect(known).toEqual([...known].sort((x, y) => y - x));
      const asc = (await portfolio(headers, '?sort=geoRank&dir=asc')).rows.map((x) => x.geoRank.value);
      expect(asc.at(-1)).toBeNull();
      for (const sort of ['place', 'client', 'geoRankChange', 'avgPosition', 'avgTotalPosition', 'localPack', 'lastAt', 'nextRunAt']) {
        expect((await portfolio(headers, `?sort=${sort}&dir=desc`)).total, sort).toBe(3);
      }

      const page1 = await portfolio(headers, '?sort=keyword&limit=2&page=1');
      const page2 = await portfolio(headers, '?sort=keyword&limit=2&page=2');
      const page3 = await portfolio(headers, '?sort=keyword&limit=2&page=3');
      expect([page1.total, page2.total, page3.total]).toEqual([3, 3, 3]);
      expect([...ids(page1), ...ids(page2)]).toEqual([scanned, never, other]);
      expect(page3.rows).toEqual([]);
    });

    it('when the query is wrong, then it answers 400 with a Spanish message', async () => {
      const { headers } = await twoScans();
      for (const [query, message] of [
        ['?limit=101', 'El tamaño de página debe ser un número entero entre 1 y 100.'],
        ['?limit=0', 'El tamaño de página'],
        ['?page=0', 'La página debe ser un número entero desde 1.'],
        ['?page=abc', 'La página'],
        ['?sort=precio', 'Ordena por una de estas columnas'],
        ['?dir=up', 'La dirección debe ser asc o desc.'],
        ['?movement=sideways', 'El movimiento debe ser dropped o improved.'],
        ['?state=ok', 'El estado debe ser failed o never.'],
        [`?q=${'a'.repeat(101)}`, 'La búsqueda no puede superar los 100 caracteres.'],
      ]) {
        const res = await call(headers, 'GET', `/api/portfolio${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ error: string }>().error, query).toContain(message);
      }
      expect((await call({}, 'GET', '/api/portfolio')).statusCode).toBe(401);
    });

    it('when an analysis fails and then the latest one is deleted, then the keyword’s stored figures follow in the same transaction', { timeout: 120_000 }, async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const keywordId = await addKeyword(headers, placeId, 'dentista');
      const stored = async () => (await container.database.db.select().from(keywordFigures).where(eq(keywordFigures.keywordId, keywordId)))[0];

      const first = await scan(headers, keywordId, 'dentista');
      expect(await stored()).toMatchObject({ latestRankMapId: first.id, geoRank: first.stats!.geoRank, geoRankChange: null, lastState: 'completed', sparkline: [first.stats!.geoRank] });
      const second = await scan(headers, keywordId, 'dentista 24 horas');
      expect(await stored()).toMatchObject({ latestRankMapId: second.id, sparkline: [first.stats!.geoRank, second.stats!.geoRank] });

      const failed = await scan(headers, keywordId, 'dentista', true);
      expect(failed.status).toBe('failed');
      // A failure is the last state; the figures stay those of the latest completed analysis.
      expect(await stored()).toMatchObject({ latestRankMapId: second.id, lastState: 'failed' });
      let r = row(await portfolio(headers, '?state=failed'), keywordId);
      expect(r.state).toBe('failed');
      expect(r.geoRank.value).toBe(second.stats!.geoRank);

      expect((await call(headers, 'DELETE', `/api/rankmap/${failed.id}`)).statusCode).toBe(200);
      expect((await call(headers, 'DELETE', `/api/rankmap/${second.id}`)).statusCode).toBe(200);
      expect(await stored()).toMatchObject({ latestRankMapId: first.id, geoRank: first.stats!.geoRank, geoRankChange: null, lastState: 'completed', sparkline: [first.stats!.geoRank] });
      r = row(await portfolio(headers), keywordId);
      expect(r).toMatchObject({ state: 'completed', latestRankMapId: first.id, geoRank: { value: first.stats!.geoRank, change: null } });
      expect((await portfolio(headers, '?state=failed')).rows).toEqual([]);

      expect((await call(headers, 'DELETE', `/api/rankmap/${first.id}`)).statusCode).toBe(200);
      expect(await stored()).toMatchObject({ latestRankMapId: null, geoRank: null, lastState: null, sparkline: [] });
      expect(row(await portfolio(headers, '?state=never'), keywordId).state).toBe('none');
    });

    it('when an analysis is pending, then the row says it is running; a scheduled one sets the next run when it comes before the weekly slot', { timeout: 60_000 }, async () => {
      const { headers } = await signedIn('pro_starter');
      const placeId = await createPlace(headers, 'demo-malaga-dentista-1', MALAGA, 3);
      const keywordId = await addKeyword(headers, placeId, 'dentista');
      expect((await analyze(headers, keywordId, { query: 'dentista', maxResults: 20 })).statusCode).toBe(201);
      expect(row(await portfolio(headers), keywordId).state).toBe('running');

      const soon = new Date(Date.now() + 3_600_000);
      soon.setUTCSeconds(0, 0);
      // Weekly scans off: only the scheduled analysis is ahead.
      expect((await call(headers, 'PUT', `/api/place/${placeId}/schedule`, { weeklyScans: false })).statusCode).toBe(200);
      const other = await addKeyword(headers, placeId, 'implantes');
      expect(row(await portfolio(headers), other).nextRunAt).toBeNull();
      const res = await analyze(headers, other, { scheduledFor: soon.toISOString() }, true);
      expect(res.statusCode, res.body).toBe(201);
      expect(row(await portfolio(headers), other)).toMatchObject({ nextRunAt: soon.toISOString(), state: 'none' });
      // Sorted by the next run, either way, the keyword with nothing ahead comes last.
      expect((await portfolio(headers, '?sort=nextRunAt')).rows.map((r) => r.keyword.id)).toEqual([other, keywordId]);
      expect((await portfolio(headers, '?sort=nextRunAt&dir=desc')).rows.map((r) => r.keyword.id)).toEqual([other, keywordId]);
      // Weekly scans back on: the place's slot (within a week) counts too, whichever is sooner.
      expect((await call(headers, 'PUT', `/api/place/${placeId}/schedule`, { weeklyScans: true })).statusCode).toBe(200);
      const weekly = await portfolio(headers, '?sort=nextRunAt');
      const first = row(weekly, keywordId).nextRunAt!;
      expect(row(weekly, other).nextRunAt).toBe(new Date(Math.min(new Date(first).getTime(), soon.getTime())).toISOString());
    });
  });
});
