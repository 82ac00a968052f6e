import { describe, expect, it } from 'vitest';
import type { MetricsResultItem } from '@rankmaps/shared/metrics';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { insertAnaAndHerPlace, migratedUpTo } from '../../test/migrations';

const item = (position: number, placeId: string | null, name: string, isAd = false): MetricsResultItem => ({
  position,
  name,
  address: `Calle ${name}, 3, 29001 Málaga`,
  rating: name === 'Sin nota' ? null : 4.6,
  userRatingCount: 31,
  placeId,
  location: placeId ? { latitude: 36.72, longitude: -4.42 } : null,
  categories: ['Clínica dental'],
  isAd,
});

describe('migration 0010: results stored before normalisation', () => {
  it('when results were stored as whole copies per point, then after migrating they read back the same, with each business once', async () => {
    const { client, db, one, migrateToLatest } = await migratedUpTo(8);
    const { user, place } = await insertAnaAndHerPlace(one);
    const keyword = await one<{ id: string }>(`insert into keywords (place_id, user_id, name) values ($1, $2, 'dentista') returning id`, [place.id, user.id]);
    const rankMapIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const [rm] = (
        await client.query<{ id: string }>(
          `insert into rank_maps (keyword_id, place_id, user_id, query, kind, billing, provider, grid, target, total_points) values ($1, $2, $3, 'dentista', 'manual', 'credits', 'demo', '{}', '{}', 3) returning id`,
          [keyword.id, place.id, user.id],
        )
      ).rows;
      rankMapIds.push(rm!.id);
    }
    const points = [
      { organic: [item(1, 'a', 'Sonrisa'), item(2, null, 'Taller Pepe'), item(3, 'b', 'Sin nota')], ads: [item(1, 'c', 'Anuncio', true)] },
      { organic: [item(1, 'b', 'Sin nota'), item(2, 'a', 'Sonrisa'), item(5, null, 'Taller Pepe')], ads: [] },
      { organic: [], ads: [], failed: true },
    ];
    for (const rankMapId of rankMapIds) {
      for (const [i, p] of points.entries()) {
        await client.query(
          `insert into rank_results (rank_map_id, point_index, row, col, lat, lng, status, organic, ads, position, error) values ($1, $2, 0, $2, 36.7, -4.4, $3, $4, $5, $6, $7)`,
          [rankMapId, i, p.failed ? 'failed' : 'ok', JSON.stringify(p.organic), JSON.stringify(p.ads), p.failed ? null : 2, p.failed ? 'HTTP 500' : null],
        );
      }
    }

    await migrateToLatest();

    for (const rankMapId of rankMapIds) {
      const read = await rankResultsRepository.listByRankMap(db, rankMapId);
      expect(read.map((r) => ({ organic: r.organic, ads: r.ads, status: r.status, error: r.error, position: r.position }))).toEqual([
        { organic: points[0]!.organic, ads: points[0]!.ads, status: 'ok', error: null, position: 2 },
        { organic: points[1]!.organic, ads: [], status: 'ok', error: null, position: 2 },
        { organic: [], ads: [], status: 'failed', error: 'HTTP 500', position: null },
      ]);
      const stored = await client.query<{ ref: number; key: string }>(`select ref, key from rank_map_businesses where rank_map_id = $1 order by ref`, [rankMapId]);
      expect(stored.rows).toEqual([
        { ref: 0, key: 'a' },
        { ref: 1, key: '~Taller Pepe|Calle Taller Pepe, 3, 29001 Málaga' },
        { ref: 2, key: 'b' },
        { ref: 3, key: 'c' },
      ]);
    }

    // A scan resuming one of them numbers new businesses after the migrated ones.
    const registry = await rankResultsRepository.registryFor(db, rankMapIds[0]!);
    expect(registry.refsOf([item(1, 'a', 'Sonrisa'), item(2, 'd', 'Nueva')])).toEqual([
      [0, 1],
      [4, 2],
    ]);
  });
});
