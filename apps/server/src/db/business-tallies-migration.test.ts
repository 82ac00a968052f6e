import { describe, expect, it } from 'vitest';
import { type MetricsResultItem, competitorStatsAt, followedStatsFromTally } from '@rankmaps/shared/metrics';
import { type NewRankResult, rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { insertAnaAndHerPlace, migratedUpTo } from '../../test/migrations';

const IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/**
 * Points as providers give them, with what the counting must get right: a business listed
 * twice at a point (its better position counts), positions past 20 or 0 (not found), ads
 * (never counted), businesses without a provider id, failed points (not in N).
 */
function generatedPoints(rankMapId: string, count: number, seed: number): NewRankResult[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const biz = (placeId: string | null, position: number, isAd = false): MetricsResultItem => ({
    position,
    name: placeId ? `Negocio ${placeId}` : 'Taller sin ficha',
    address: 'Calle Larios 1, Málaga',
    rating: 4.5,
    userRatingCount: 12,
    placeId,
    location: { latitude: 36.72, longitude: -4.42 },
    categories: ['Dentista'],
    isAd,
  });
  return Array.from({ length: count }, (_, i) => {
    const failed = rand() < 0.1;
    const shuffled = [...IDS].sort(() => rand() - 0.5).slice(0, Math.floor(rand() * IDS.length));
    const organic = shuffled.map((id, k) => biz(id, k === 0 && rand() < 0.2 ? 0 : 1 + k * (1 + Math.floor(rand() * 3))));
    if (organic.length > 1 && rand() < 0.3) organic.push(biz(shuffled[0]!, organic.length + 2));
    if (rand() < 0.3) organic.push(biz(null, organic.length + 1));
    return {
      rankMapId,
      pointIndex: i,
      row: Math.floor(i / 5),
      col: i % 5,
      lat: 36.7 + i / 1000,
      lng: -4.4,
      status: failed ? 'failed' : 'ok',
      organic: failed ? [] : organic,
      ads: failed || rand() < 0.5 ? [] : [biz(IDS[Math.floor(rand() * IDS.length)]!, 1, true)],
      position: null,
      error: failed ? 'HTTP 500' : null,
      costUsd: 0,
    } satisfies NewRankResult;
  });
}

describe('business tallies: migration 0014 and counting at completion', () => {
  it('when analyses were stored before tallies existed, then the migration counts the completed ones, and each followed figure from a tally equals the one from the points', async () => {
    const { client, db, one, migrateToLatest } = await migratedUpTo(13);
    const { user, place } = await insertAnaAndHerPlace(one);
    const keyword = await one<{ id: string }>(`insert into keywords (place_id, user_id, name) values ($1, $2, 'dentista') returning id`, [place.id, user.id]);
    const analysis = async (status: string) =>
      (
        await client.query<{ id: string }>(
          `insert into rank_maps (keyword_id, place_id, user_id, query, kind, billing, provider, grid, target, total_points, status) values ($1, $2, $3, 'dentista', 'manual', 'credits', 'demo', '{}', '{}', 25, $4) returning id`,
          [keyword.id, place.id, user.id, status],
        )
      ).rows[0]!.id;
    const completed = [await analysis('completed'), await analysis('completed')];
    const running = await analysis('processing');
    // Today's repository writes each point's cost, a column of migration 0017: it stands in for
    // the insert of the time, and goes again so that the migrations run as they did.
    await client.exec('alter table rank_results add column cost_usd double precision not null default 0');
    for (const [k, id] of [...completed, running].entries()) await rankResultsRepository.insertMany(db, generatedPoints(id, 25, 7 + k));
    await client.exec('alter table rank_results drop column cost_usd');

    await migrateToLatest();

    /** Every provider id's figures from its tally, and from the stored points themselves (competitorStatsAt, which needs no tally). */
    const compare = async (rankMapId: string) => {
      const ok = (await rankResultsRepository.listByRankMap(db, rankMapId)).filter((r) => r.status === 'ok');
      const tallies = new Map((await rankResultsRepository.talliesFor(db, [rankMapId], IDS)).map((t) => [t.key, t.tally]));
      for (const id of IDS) {
        const tally = tallies.get(id) ?? { found: 0, sum: 0, top3: 0, top10: 0, top20: 0 };
        expect(followedStatsFromTally(id, { n: ok.length, ...tally }), id).toEqual(competitorStatsAt(ok, id));
      }
      return tallies;
    };
    for (const id of completed) {
      const tallies = await compare(id);
      // The generated points give most businesses some found positions; a null tally is found nowhere.
      expect(tallies.size).toBeGreaterThan(IDS.length / 2);
    }
    const flags = await client.query<{ id: string; tallies_counted: boolean }>(`select id, tallies_counted from rank_maps`);
    expect(Object.fromEntries(flags.rows.map((r) => [r.id, r.tallies_counted]))).toEqual({ [completed[0]!]: true, [completed[1]!]: true, [running]: false });
    expect(await rankResultsRepository.talliesFor(db, [running], IDS)).toEqual([]);

    // The running one completes: counted by the server's statement, which agrees with the migration's.
    await rankResultsRepository.countTallies(db, [running]);
    await compare(running);
    const again = await rankResultsRepository.talliesFor(db, completed, IDS);
    await rankResultsRepository.countTallies(db, completed);
    expect(await rankResultsRepository.talliesFor(db, completed, IDS)).toEqual(again);
  });
});
