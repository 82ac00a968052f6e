import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { rankMaps } from '../../db/rankmaps-schema';
import { users } from '../../db/schema';

/** One line of the operators' cost report: a day (UTC), a user and a provider. */
export interface VendorCostLine {
  day: string;
  email: string;
  provider: string;
  queue: string;
  analyses: number;
  points: number;
  usd: number;
}

/**
 * What the rank-data vendors charged, summed by day (of the analysis's completion, UTC), user,
 * provider and queue, from `since` on (docs/operations.md "Vendor costs"). Analyses still
 * running are left out: their cost is not final.
 */
export async function vendorCostsSince(db: DbOrTx, since: Date): Promise<VendorCostLine[]> {
  const rows = await rowsOf<{ day: string; email: string; provider: string; queue: string | null; analyses: number | string; points: number | string; usd: number | string }>(
    db,
    sql`
      select to_char(${rankMaps.completedAt} at time zone 'UTC', 'YYYY-MM-DD') as day, ${users.email} as email, ${rankMaps.provider} as provider,
             coalesce(${rankMaps.vendorQueue}, 'live') as queue, count(*) as analyses, sum(${rankMaps.totalPoints}) as points, sum(${rankMaps.vendorCostUsd}) as usd
      from ${rankMaps} join ${users} on ${users.id} = ${rankMaps.userId}
      where ${rankMaps.completedAt} >= ${since.toISOString()}::timestamptz and ${rankMaps.status} in ('completed', 'failed')
      group by 1, 2, 3, 4
      order by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({ day: r.day, email: r.email, provider: r.provider, queue: r.queue ?? 'live', analyses: Number(r.analyses), points: Number(r.points), usd: Number(r.usd) }));
}

/** The report as a tab-separated table with a total line, for the console. */
export function formatVendorCosts(lines: VendorCostLine[]): string {
  const header = ['día', 'usuario', 'proveedor', 'cola', 'análisis', 'puntos', 'usd'].join('\t');
  const body = lines.map((l) => [l.day, l.email, l.provider, l.queue, l.analyses, l.points, l.usd.toFixed(4)].join('\t'));
  const total = lines.reduce((sum, l) => sum + l.usd, 0);
  return [header, ...body, `total\t\t\t\t${lines.reduce((n, l) => n + l.analyses, 0)}\t${lines.reduce((n, l) => n + l.points, 0)}\t${total.toFixed(4)}`].join('\n');
}
