import { describe, expect, it } from 'vitest';
import { migratedUpTo } from '../../test/migrations';

// Migration 0027 (docs/decisions.md §25.3) makes each place's weekly scan its campaign and its past
// weekly scans the campaign's rounds.

describe('campaigns: migration 0027', () => {
  it('when places had weekly scans, then each becomes a weekly campaign with the same day, hour and state, and its past weekly analyses its rounds', async () => {
    const { client, one, migrateToLatest } = await migratedUpTo(26);
    const user = await one<{ id: string }>(`insert into users (name, email) values ('Ana', 'ana@example.com') returning id`);
    const place = (gid: string, day: number, hour: number, on: boolean, byDefault: boolean) =>
      one<{ id: string }>(
        `insert into places (user_id, google_place_id, name, center_lat, center_lng, matrix_config, rank_day, rank_hour, weekly_scans, schedule_default)
         values ($1, $2, 'Clínica', 36.72, -4.42, '{}', $3, $4, $5, $6) returning id`,
        [user.id, gid, day, hour, on, byDefault],
      );
    const monday = await place('p1', 1, 9, true, true);
    const friday = await place('p2', 5, 18, false, false);
    const keyword = await one<{ id: string }>(`insert into keywords (place_id, user_id, name) values ($1, $2, 'dentista') returning id`, [monday.id, user.id]);
    const analysis = (kind: string, slot: string | null) =>
      one<{ id: string }>(
        `insert into rank_maps (keyword_id, place_id, user_id, query, kind, billing, provider, grid, target, total_points, weekly_slot, scheduled_for)
         values ($1, $2, $3, 'dentista', $4, 'credits', 'demo', '{}', '{}', 25, $5, now()) returning id`,
        [keyword.id, monday.id, user.id, kind, slot],
      );
    const weekly = [await analysis('weekly', '2026-W46'), await analysis('weekly', '2026-W47')];
    const manual = await analysis('manual', null);

    await migrateToLatest();

    const campaigns = (await client.query<Record<string, unknown>>(`select place_id, frequency, day, hour, active, schedule_default, name from campaigns order by day`)).rows;
    expect(campaigns).toEqual([
      { place_id: monday.id, frequency: 'weekly', day: 1, hour: 9, active: true, schedule_default: true, name: null },
      { place_id: friday.id, frequency: 'weekly', day: 5, hour: 18, active: false, schedule_default: false, name: null },
    ]);
    const rounds = (await client.query<{ slot: string; id: string }>(`select slot, id from campaign_rounds order by slot`)).rows;
    expect(rounds.map((r) => r.slot)).toEqual(['2026-W46', '2026-W47']);
    const links = (await client.query<{ id: string; campaign_round_id: string | null }>(`select id, campaign_round_id from rank_maps`)).rows;
    const byId = new Map(links.map((l) => [l.id, l.campaign_round_id]));
    expect(byId.get(weekly[0]!.id)).toBe(rounds[0]!.id);
    expect(byId.get(weekly[1]!.id)).toBe(rounds[1]!.id);
    expect(byId.get(manual.id)).toBeNull();
    const columns = (await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'places'`)).rows.map((r) => r.column_name);
    expect(columns).not.toContain('rank_day');
  });
});
