import { describe, expect, it } from 'vitest';
import { insertAnaAndHerPlace, migratedUpTo } from '../../test/migrations';

// Migrations 0037–0041 (docs/decisions.md §30.1): every account becomes the owner of a workspace
// with its own id, and what it owned becomes the workspace's without a single row changing.

/** Every row of every table, keyed by table, as plain JSON: what "untouched" is checked against. */
async function everyRow(client: Awaited<ReturnType<typeof migratedUpTo>>['client'], only?: Map<string, string[]>) {
  const tables = (await client.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)).rows.map((r) => r.table_name);
  const dump = new Map<string, string[]>();
  const columns = new Map<string, string[]>();
  for (const table of tables) {
    if (only && !only.has(table)) continue;
    const names = (await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`, [table])).rows.map((r) => r.column_name);
    const kept = only ? names.filter((n) => only.get(table)!.includes(n)) : names;
    columns.set(table, kept);
    const rows = (await client.query<{ row: string }>(`select row_to_json(t)::text as row from (select ${kept.map((c) => `"${c}"`).join(', ')} from "${table}") t order by 1`)).rows.map((r) => r.row);
    dump.set(table, rows);
  }
  return { dump, columns };
}

// Two databases migrated from scratch: slow on a busy machine, hence the longer timeout.
describe('workspaces: migrations 0037–0041', { timeout: 90_000 }, () => {
  it('when accounts owned businesses, keywords, analyses, credits, keys, webhooks and share links, then each owns a workspace with its id and every row is as it was', async () => {
    const { client, one, migrateToLatest } = await migratedUpTo(36);
    const { user: ana, place } = await insertAnaAndHerPlace(one);
    const luis = await one<{ id: string }>(`insert into users (name, email) values ('Luis', 'luis@example.com') returning id`);
    const client_ = await one<{ id: string }>(`insert into clients (user_id, name) values ($1, 'Clínica Sur') returning id`, [ana.id]);
    await client.query(`update places set client_id = $1 where id = $2`, [client_.id, place.id]);
    const keyword = await one<{ id: string }>(`insert into keywords (place_id, user_id, name) values ($1, $2, 'dentista') returning id`, [place.id, ana.id]);
    await client.query(
      `insert into rank_maps (keyword_id, place_id, user_id, query, kind, billing, provider, grid, target, total_points) values ($1, $2, $3, 'dentista', 'manual', 'credits', 'demo', '{}', '{}', 25)`,
      [keyword.id, place.id, ana.id],
    );
    await client.query(`insert into credit_lots (user_id, source, granted, remaining, expires_at, reference) values ($1, 'purchase', 500, 480, now() + interval '1 year', 'pack-1')`, [ana.id]);
    await client.query(`insert into credit_transactions (user_id, kind, amount, reference) values ($1, 'spend', -20, 'scan-1')`, [ana.id]);
    const key = await one<{ id: string }>(`insert into api_keys (user_id, name, scopes, prefix, key_hash) values ($1, 'Zapier', '{read}', 'rmk_abcdefgh', 'hash-1') returning id`, [ana.id]);
    const hook = await one<{ id: string }>(`insert into webhook_endpoints (user_id, url, events, secret_enc, secret_prefix) values ($1, 'https://example.com/h', '{scan.completed}', 'enc', 'whsec_abcdef') returning id`, [luis.id]);
    await client.query(`insert into share_links (user_id, scope, place_id, token_hash) values ($1, 'place', $2, 'share-hash')`, [ana.id, place.id]);

    const before = await everyRow(client);
    await migrateToLatest();
    const after = await everyRow(client, before.columns);

    // Untouched: the same rows in every table that existed, in the columns it had.
    for (const [table, rows] of before.dump) expect({ table, rows: after.dump.get(table) }).toEqual({ table, rows });

    const workspaces = (await client.query(`select id, name from workspaces order by name`)).rows;
    expect(workspaces).toEqual([
      { id: ana.id, name: 'Ana' },
      { id: luis.id, name: 'Luis' },
    ]);
    const members = (await client.query(`select workspace_id, user_id, role, client_ids from workspace_members order by role, user_id`)).rows;
    expect(members).toEqual(
      expect.arrayContaining([
        { workspace_id: ana.id, user_id: ana.id, role: 'owner', client_ids: [] },
        { workspace_id: luis.id, user_id: luis.id, role: 'owner', client_ids: [] },
      ]),
    );
    expect(members).toHaveLength(2);
    // Keys and webhooks made before teams are their owner's (0041).
    expect((await one<{ created_by: string }>(`select created_by from api_keys where id = $1`, [key.id])).created_by).toBe(ana.id);
    expect((await one<{ created_by: string }>(`select created_by from webhook_endpoints where id = $1`, [hook.id])).created_by).toBe(luis.id);

    // The owned rows now hang from the workspace: deleting it deletes them, and the people stay.
    await client.query(`delete from workspaces where id = $1`, [ana.id]);
    for (const table of ['places', 'clients', 'keywords', 'rank_maps', 'credit_lots', 'credit_transactions', 'api_keys', 'share_links']) {
      expect({ table, left: (await one<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [ana.id])).n }).toEqual({ table, left: 0 });
    }
    expect((await one<{ n: number }>(`select count(*)::int as n from users`)).n).toBe(2);
  });

  it('when a workspace row is missing for an owned row, then the foreign key refuses it', async () => {
    const { client, migrateToLatest } = await migratedUpTo(36);
    await migrateToLatest();
    const user = (await client.query<{ id: string }>(`insert into users (name, email) values ('Eva', 'eva@example.com') returning id`)).rows[0]!;
    // A user inserted by hand owns no workspace: nothing can be owned under their id.
    await expect(client.query(`insert into clients (user_id, name) values ($1, 'X')`, [user.id])).rejects.toThrow(/foreign key/);
  });
});
