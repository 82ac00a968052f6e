import { describe, expect, it } from 'vitest';
import { keywordFiguresRepository } from '../modules/rankmaps/keyword-figures.repository';
import { insertAnaAndHerPlace, migratedUpTo } from '../../test/migrations';

// Migration 0026 (docs/decisions.md §25.1) backfills keyword_figures from the analyses already
// stored, with the statement a completion runs later: both must give the same rows.

describe('keyword figures: migration 0026 backfill', () => {
  it('when keywords had analyses before the portfolio, then the migration stores their latest figures, changes, sparkline and last state, as a completion would', async () => {
    // 0025_operator_inbox: the migration before this one.
    const { client, db, one, migrateToLatest } = await migratedUpTo(25);
    const { user, place } = await insertAnaAndHerPlace(one);
    const keyword = async (name: string) => (await one<{ id: string }>(`insert into keywords (place_id, user_id, name) values ($1, $2, $3) returning id`, [place.id, user.id, name])).id;
    const [busy, lone, none] = [await keyword('dentista'), await keyword('ortodoncia'), await keyword('implantes')];
    const analysis = (keywordId: string, weeksAgo: number, status: string, geoRank: number | null, provider = 'demo') =>
      client.query(
        `insert into rank_maps (keyword_id, place_id, user_id, query, kind, billing, provider, grid, target, total_points, status, stats, created_at, completed_at)
         values ($1, $2, $3, 'q', 'weekly', 'credits', $4, '{}', '{}', 25, $5, $6, now() - make_interval(weeks => $7), now() - make_interval(weeks => $7) + interval '5 minutes')`,
        [keywordId, place.id, user.id, provider, status, geoRank === null ? null : { geoRank, avgPosition: null, avgTotalPosition: 21 - geoRank / 10, localPackPercentage: geoRank / 2 }, weeksAgo],
      );
    // 14 completed weekly analyses (GeoRank 10, 15, … 75), then a failed one, then one still running.
    for (let w = 0; w < 14; w++) await analysis(busy, 16 - w, 'completed', 10 + 5 * w, w === 13 ? 'google-places' : 'demo');
    await analysis(busy, 2, 'failed', null);
    await analysis(busy, 1, 'processing', null);
    await analysis(lone, 3, 'completed', 40);

    await migrateToLatest();

    const rows = async () =>
      (
        await client.query<Record<string, unknown>>(
          `select keyword_id, geo_rank, geo_rank_change, avg_position, avg_position_change, avg_total_position, avg_total_position_change, local_pack, local_pack_change,
            sparkline, provider, last_state from keyword_figures order by keyword_id`,
        )
      ).rows;
    const migrated = await rows();
    const byId = new Map(migrated.map((r) => [r.keyword_id, r]));
    expect(byId.get(busy)).toEqual({
      keyword_id: busy,
      geo_rank: 75,
      geo_rank_change: 5,
      avg_position: null,
      avg_position_change: null,
      avg_total_position: 13.5,
      avg_total_position_change: expect.closeTo(-0.5, 9) as number,
      local_pack: 37.5,
      local_pack_change: 2.5,
      // The last 12 completed, oldest first; the failed and running ones are not in it.
      sparkline: [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75],
      provider: 'google-places',
      last_state: 'failed',
    });
    expect(byId.get(lone)).toMatchObject({ geo_rank: 40, geo_rank_change: null, sparkline: [40], last_state: 'completed' });
    expect(byId.get(none)).toMatchObject({ geo_rank: null, sparkline: [], last_state: null, provider: null });

    // The statement a completion runs gives the same rows.
    await client.query('delete from keyword_figures');
    await keywordFiguresRepository.refreshUser(db, user.id);
    expect(await rows()).toEqual(migrated);
  });
});
