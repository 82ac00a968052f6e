import { CLIENT_NOT_FOUND, type PortfolioResponse, type PortfolioRow, type portfolioQuerySchema } from '@rankmaps/shared/schemas/workspace';
import type { z } from 'zod';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { nextRunOf } from '../campaigns/campaign-timing';
import { type CampaignRow, campaignsRepository } from '../campaigns/campaigns.repository';
import { clientsRepository } from '../clients/clients.repository';
import { nextWeeklySlot, zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { ACCENTED, PLAIN, type PortfolioDbRow, portfolioRepository } from './portfolio.repository';
import { isUuid } from '../../lib/uuid';
import type { Scope } from '../workspaces/scope';

// The portfolio (issue 18, docs/decisions.md §25.1): every place × keyword of a user, one page at a time.

type Query = z.output<typeof portfolioQuerySchema>;

/** The search's words, lower-cased and without the accents the SQL side strips too (at most 5). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const map = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i] ?? c]));
  const plain = [...q.toLowerCase()].map((c) => map.get(c) ?? c).join('');
  return plain.split(/\s+/).filter(Boolean).slice(0, 5);
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const labelOf = (provider: string | null): PortfolioRow['label'] => (provider === 'demo' ? 'demo' : provider === 'google-places' ? 'approximation' : null);
const sparklineOf = (v: PortfolioDbRow['sparkline']): number[] => {
  const parsed: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
};

/**
 * The keyword's next run: its place's weekly scan, an analysis scheduled by hand, or a custom
 * campaign it is in (docs/decisions.md §25.3), whichever comes first. Sorting by it in SQL
 * counts the first two only.
 */
function present(row: PortfolioDbRow, activity: { running: boolean; nextScheduled: Date | null } | undefined, campaigns: CampaignRow[], now: Date): PortfolioRow {
  const weekly = row.weekly_scans ? nextWeeklySlot(now, { rankDay: row.rank_day, rankHour: row.rank_hour, timeZone: row.time_zone }) : null;
  const candidates = [weekly, activity?.nextScheduled ?? null, ...campaigns.map((c) => nextRunOf(c, now, zoneOf({ timeZone: row.time_zone })))].filter((d): d is Date => d !== null);
  const next = candidates.length > 0 ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : null;
  return {
    place: { id: row.place_id, name: row.place_name, client: row.client_id && row.client_name !== null ? { id: row.client_id, name: row.client_name } : null },
    keyword: { id: row.keyword_id, name: row.keyword_name },
    latestRankMapId: row.latest_rank_map_id,
    geoRank: { value: row.geo_rank, change: row.geo_rank_change },
    avgPosition: { value: row.avg_position, change: row.avg_position_change },
    avgTotalPosition: { value: row.avg_total_position, change: row.avg_total_position_change },
    localPack: { value: row.local_pack, change: row.local_pack_change },
    gridChanged: row.grid_changed === true,
    sparkline: sparklineOf(row.sparkline),
    lastAt: iso(row.last_at),
    state: activity?.running ? 'running' : (row.last_state ?? 'none'),
    nextRunAt: next ? next.toISOString() : null,
    label: labelOf(row.provider),
  };
}

export async function getPortfolio(container: Pick<Container, 'database'>, scope: Scope, query: Query, now = new Date()): Promise<PortfolioResponse> {
  const db = container.database.db;
  const userId = scope.workspaceId;
  if (query.clientId !== undefined && query.clientId !== 'none') {
    if (!isUuid(query.clientId) || !(await clientsRepository.findOwned(db, userId, query.clientId))) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  }
  const filter = {
    scope,
    terms: searchTerms(query.q),
    clientId: query.clientId,
    movement: query.movement,
    state: query.state,
    sort: query.sort,
    dir: query.dir,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  const rows = await portfolioRepository.page(db, filter);
  const total = rows.length > 0 ? Number(rows[0]?.total) : query.page > 1 ? await portfolioRepository.count(db, filter) : 0;
  const keywordIds = rows.map((r) => r.keyword_id);
  const [activity, campaigns] = await Promise.all([portfolioRepository.activity(db, keywordIds), campaignsRepository.runningCustomOf(db, keywordIds)]);
  return { rows: rows.map((r) => present(r, activity.get(r.keyword_id), campaigns.get(r.keyword_id) ?? [], now)), total, page: query.page, limit: query.limit };
}
