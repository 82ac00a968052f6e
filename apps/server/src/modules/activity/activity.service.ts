import { ACTIVITY_KIND_LABELS, type ActivityEntry, type ActivityKind, type ActivityList, type ActivityQuery } from '@rankmaps/shared/schemas/activity';
import type { Container } from '../../container';
import { type CsvCell, isoDateIn, toCsv } from '../../lib/csv';
import { decodeCursor, pageOf } from '../api-v1/cursor';
import { activityActionOf } from './activity-kinds';
import { type ActivityFilter, type ActivityRow, activityRepository } from './activity.repository';
import { ACTIVITY_TIME_ZONE, madridDayEnd, madridDayStart } from './madrid-days';

// «Actividad» (docs/decisions.md §30.5): the workspace's entries, newest first, filtered by
// member, kind and Madrid days, in pages or as one CSV.

/** The most rows one CSV holds: far more than 13 months of a busy agency's work, and a bound on the file. */
export const ACTIVITY_CSV_MAX_ROWS = 50_000;

function filterOf(workspaceId: string, q: Omit<ActivityQuery, 'cursor' | 'limit'>): ActivityFilter {
  return {
    workspaceId,
    ...(q.memberId ? { actorId: q.memberId } : {}),
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.from ? { since: madridDayStart(q.from) } : {}),
    ...(q.to ? { until: madridDayEnd(q.to) } : {}),
  };
}

/** «Ana añadió una keyword «dentista»»; a system entry reads as its sentence, capitalised. */
export function summaryOf(row: Pick<ActivityRow, 'action' | 'actorId' | 'actorName' | 'targetLabel'>): string {
  const predicate = activityActionOf(row.action)?.summary ?? `hizo «${row.action}»`;
  const label = row.targetLabel ? ` «${row.targetLabel}»` : '';
  const system = row.actorId === null && row.actorName === 'Sistema';
  const sentence = system ? predicate.charAt(0).toUpperCase() + predicate.slice(1) : `${row.actorName} ${predicate}`;
  return `${sentence}${label}.`;
}

export function presentActivity(row: ActivityRow): ActivityEntry {
  const system = row.actorId === null && row.actorName === 'Sistema';
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: system ? null : { id: row.actorId, name: row.actorName },
    kind: row.kind as ActivityKind,
    action: row.action,
    summary: summaryOf(row),
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId, label: row.targetLabel } : null,
    details: row.details,
    ip: row.ip,
  };
}

export async function listActivity(container: Pick<Container, 'database'>, workspaceId: string, query: ActivityQuery): Promise<ActivityList> {
  const cursor = decodeCursor(query.cursor);
  const rows = await activityRepository.list(container.database.db, filterOf(workspaceId, query), cursor, query.limit + 1);
  const page = pageOf(rows, query.limit);
  return { items: page.items.map(presentActivity), nextCursor: page.nextCursor };
}

export const ACTIVITY_CSV_HEADER = ['Fecha', 'Persona', 'Tipo', 'Acción', 'Objeto', 'Dirección IP'] as const;

/** The CSV: Madrid's date and time, who, the kind's Spanish name, the sentence, the target, the address. */
export async function activityCsv(container: Pick<Container, 'database'>, workspaceId: string, query: Omit<ActivityQuery, 'cursor' | 'limit'>): Promise<{ filename: string; body: string }> {
  const rows = await activityRepository.list(container.database.db, filterOf(workspaceId, query), null, ACTIVITY_CSV_MAX_ROWS);
  const cells: CsvCell[][] = rows.map((row) => [
    madridDateTime(row.createdAt),
    row.actorName,
    ACTIVITY_KIND_LABELS[row.kind as ActivityKind] ?? row.kind,
    summaryOf(row),
    row.targetLabel ?? row.targetId,
    row.ip,
  ]);
  const today = isoDateIn(new Date(), ACTIVITY_TIME_ZONE);
  return { filename: `actividad-${today}.csv`, body: toCsv(ACTIVITY_CSV_HEADER, cells) };
}

const dateTime = new Intl.DateTimeFormat('sv-SE', { timeZone: ACTIVITY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** 2026-11-28 19:05:12, Madrid's clock: sorts as text and reads in any spreadsheet. */
function madridDateTime(at: Date): string {
  return dateTime.format(at);
}
