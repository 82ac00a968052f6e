import { cheapestPlanFor, upgradeNeedEs } from '@rankmaps/shared/plan-upgrade';
import { getPlan, isUnlimited } from '@rankmaps/shared/plans';
import {
  KEYWORD_IMPORT_MAX_ROWS,
  type KeywordImportError,
  type KeywordImportPreview,
  type KeywordImportRequest,
  type KeywordImportResult,
  type KeywordImportRow,
  type KeywordImportTotals,
  isImportError,
} from '@rankmaps/shared/schemas/bulk-keywords';
import { KEYWORD_NAME_MAX_LENGTH } from '@rankmaps/shared/schemas/keywords';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { requirePaidPlan } from '../billing/plan-access.service';
import { PLACE_NOT_FOUND } from '../places/places.service';
import { FILE_MESSAGES, type ImportLine, parseKeywordCsv, pastedLines } from './keyword-import-file';
import { type ImportPlace, keywordImportRepository } from './keyword-import.repository';
import { keywordLimitOf } from './keywords.service';
import { isUuid } from '../../lib/uuid';
import type { Scope } from '../workspaces/scope';

// Bulk keyword import (docs/decisions.md §25.2). The preview and the import run the same
// evaluation; the import runs it again inside its transaction, under the places' row locks, so
// what it saves is what it checked: the plan's limit holds and a double submit finds its own
// keywords already there (reported as duplicates, not added twice).

/** One row to evaluate: the line, the business as written, the place it names (if any) and the keyword. */
export interface Candidate {
  line: number;
  place: string;
  target: ImportPlace | null;
  /** Why the business names no place, when it does not. */
  placeProblem: string | null;
  keyword: string;
}

/** How names are compared: a keyword as the unique index sees it (case aside), a place name loosely. */
const keywordKey = (name: string) => name.toLowerCase();
const placeKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
/** A keyword as stored: trimmed, a line break inside a quoted field made a space. */
const cleanKeyword = (raw: string) => raw.replace(/\s*[\r\n]+\s*/g, ' ').trim();

export const ROW_MESSAGES = {
  noPlace: 'Falta el negocio.',
  unknownPlace: (place: string) => `No tienes ningún negocio llamado «${place}».`,
  ambiguousPlace: (place: string, n: number) => `Tienes ${n} negocios llamados «${place}»: escribe el id del negocio en la columna negocio.`,
  empty: 'La keyword está vacía.',
  tooLong: (length: number) => `La keyword tiene ${length} caracteres; el máximo es ${KEYWORD_NAME_MAX_LENGTH}.`,
  existing: (placeName: string) => `«${placeName}» ya tiene esta keyword: no se añadirá otra vez.`,
  repeated: (line: number) => `Repetida: ya está en la línea ${line}. Se añadirá una sola vez.`,
  overLimit: (limit: number, planId: string, placeName: string, total: number) => {
    const plan = getPlan(planId)?.name ?? planId;
    const need = upgradeNeedEs(cheapestPlanFor({ kind: 'keywords', count: total }, planId));
    const opening = `Supera el límite de ${limit} keywords por negocio de tu plan ${plan} («${placeName}» llegaría a ${total}).`;
    return need ? `${opening} Para tener ${total} keywords en un negocio necesitas ${need}.` : opening;
  },
} as const;

export const importRefusedMessage = (errors: number) =>
  errors === 1
    ? 'No se ha importado nada: 1 fila tiene un error. Corrígela y vuelve a intentarlo.'
    : `No se ha importado nada: ${errors} filas tienen errores. Corrígelas y vuelve a intentarlo.`;

/** The rows the request brings, each with the place it names. Pasted text names chosen places, which must be the user's (404 otherwise). */
function candidatesOf(request: KeywordImportRequest, owned: ImportPlace[]): Candidate[] {
  if (request.source === 'text') {
    const byId = new Map(owned.map((p) => [p.id.toLowerCase(), p]));
    const chosen = [...new Set(request.placeIds.map((id) => id.trim().toLowerCase()))].map((id) => byId.get(id));
    if (chosen.some((p) => !p)) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
    const targets = chosen as ImportPlace[];
    const lines = pastedLines(request.text);
    if (lines.length * targets.length > KEYWORD_IMPORT_MAX_ROWS) throw badRequest(FILE_MESSAGES.tooManyLines, 'IMPORT_TOO_MANY_ROWS');
    return lines.flatMap(({ line, keyword }) => targets.map((target) => ({ line, place: target.name, target, placeProblem: null, keyword })));
  }
  const byId = new Map(owned.map((p) => [p.id.toLowerCase(), p]));
  const byName = new Map<string, ImportPlace[]>();
  for (const p of owned) byName.set(placeKey(p.name), [...(byName.get(placeKey(p.name)) ?? []), p]);
  return parseKeywordCsv(request.csv).map(({ line, place, keyword }: ImportLine): Candidate => {
    if (place === '') return { line, place, target: null, placeProblem: ROW_MESSAGES.noPlace, keyword };
    const byIdMatch = isUuid(place) ? byId.get(place.toLowerCase()) : undefined;
    if (byIdMatch) return { line, place, target: byIdMatch, placeProblem: null, keyword };
    const named = byName.get(placeKey(place)) ?? [];
    if (named.length === 1) return { line, place, target: named[0]!, placeProblem: null, keyword };
    const problem = named.length > 1 ? ROW_MESSAGES.ambiguousPlace(place, named.length) : ROW_MESSAGES.unknownPlace(place);
    return { line, place, target: null, placeProblem: problem, keyword };
  });
}

/**
 * Every row's state, in order: an unknown place, an empty or too long keyword, a duplicate (of
 * the place's keywords or of an earlier row), and past the plan's keywords per place, over the
 * limit. Duplicates are skipped and do not count toward the limit.
 */
export function evaluateRows(candidates: Candidate[], existing: Map<string, string[]>, limit: number, planId: string): KeywordImportRow[] {
  const seen = new Map<string, Map<string, number>>();
  for (const [placeId, names] of existing) seen.set(placeId, new Map(names.map((n) => [keywordKey(n), 0])));
  const rows: KeywordImportRow[] = candidates.map((c) => {
    const keyword = cleanKeyword(c.keyword);
    const base = { line: c.line, place: c.place, placeId: c.target?.id ?? null, placeName: c.target?.name ?? null, keyword };
    if (!c.target) return { ...base, status: 'unknown_place', message: c.placeProblem };
    if (keyword === '') return { ...base, status: 'empty', message: ROW_MESSAGES.empty };
    if (keyword.length > KEYWORD_NAME_MAX_LENGTH) return { ...base, status: 'too_long', message: ROW_MESSAGES.tooLong(keyword.length) };
    const names = seen.get(c.target.id) ?? new Map<string, number>();
    seen.set(c.target.id, names);
    const before = names.get(keywordKey(keyword));
    if (before !== undefined) {
      return { ...base, status: 'duplicate', message: before === 0 ? ROW_MESSAGES.existing(c.target.name) : ROW_MESSAGES.repeated(before) };
    }
    names.set(keywordKey(keyword), c.line);
    return { ...base, status: 'ok', message: null };
  });
  if (isUnlimited(limit)) return rows;
  // Per place, the rows that would be added beyond the limit are over it; the message names the plan that allows them all.
  const byPlace = new Map<string, KeywordImportRow[]>();
  for (const row of rows) if (row.status === 'ok' && row.placeId) byPlace.set(row.placeId, [...(byPlace.get(row.placeId) ?? []), row]);
  for (const [placeId, adding] of byPlace) {
    const has = existing.get(placeId)?.length ?? 0;
    const total = has + adding.length;
    if (total <= limit) continue;
    for (const row of adding.slice(Math.max(0, limit - has))) {
      row.status = 'over_limit';
      row.message = ROW_MESSAGES.overLimit(limit, planId, row.placeName ?? row.place, total);
    }
  }
  return rows;
}

export function totalsOf(rows: KeywordImportRow[]): KeywordImportTotals {
  const count = (test: (r: KeywordImportRow) => boolean) => rows.filter(test).length;
  return { rows: rows.length, ok: count((r) => r.status === 'ok'), duplicates: count((r) => r.status === 'duplicate'), errors: count((r) => isImportError(r.status)) };
}

const previewOf = (rows: KeywordImportRow[]): KeywordImportPreview => {
  const totals = totalsOf(rows);
  return { rows, totals, canImport: totals.errors === 0 && totals.ok > 0 };
};

/** The places the rows name, each once, sorted (the order their locks are taken in). */
const placeIdsOf = (candidates: Candidate[]) => [...new Set(candidates.flatMap((c) => (c.target ? [c.target.id] : [])))].sort();

async function evaluate(db: DbOrTx, candidates: Candidate[], limit: number, planId: string): Promise<KeywordImportRow[]> {
  const existing = await keywordImportRepository.namesByPlace(db, placeIdsOf(candidates));
  return evaluateRows(candidates, existing, limit, planId);
}

/** The rows the request brings, after the ownership check (404) and the plan check (403). */
async function prepare(container: Pick<Container, 'config' | 'database'>, scope: Scope, request: KeywordImportRequest) {
  const userId = scope.workspaceId;
  // A Miembro's CSV matches only the businesses of their clients (docs/decisions.md §30.6).
  const owned = await keywordImportRepository.listOwnedPlaces(container.database.db, scope);
  // Pasted text names places by id: someone else's answers 404, as a missing one does, before the plan is looked at.
  const candidates = request.source === 'text' ? candidatesOf(request, owned) : null;
  const state = await requirePaidPlan(container, userId);
  return { candidates: candidates ?? candidatesOf(request, owned), limit: keywordLimitOf(state), planId: state.currentPlan };
}

/** POST /api/keywords/import/preview: what the import would do, row by row; nothing is saved. */
export async function previewKeywordImport(container: Pick<Container, 'config' | 'database'>, scope: Scope, request: KeywordImportRequest): Promise<KeywordImportPreview> {
  const { candidates, limit, planId } = await prepare(container, scope, request);
  return previewOf(await evaluate(container.database.db, candidates, limit, planId));
}

export type KeywordImportOutcome = { ok: true; result: KeywordImportResult } | { ok: false; error: KeywordImportError };

/**
 * POST /api/keywords/import: all or nothing. In one transaction, under the places' row locks,
 * the rows are evaluated again; any error and nothing is saved (the rows in error are answered
 * with a 400); otherwise every ok row is inserted in batches, and duplicates are skipped.
 */
export async function importKeywords(container: Pick<Container, 'config' | 'database'>, scope: Scope, request: KeywordImportRequest): Promise<KeywordImportOutcome> {
  const userId = scope.workspaceId;
  const { candidates, limit, planId } = await prepare(container, scope, request);
  return container.database.db.transaction(async (tx): Promise<KeywordImportOutcome> => {
    const locked = await keywordImportRepository.lockOwnedPlaces(tx, userId, placeIdsOf(candidates));
    // A place deleted since it was read: its rows name no place any more.
    const alive = new Set(locked.map((p) => p.id));
    const current = candidates.map((c) => (c.target && !alive.has(c.target.id) ? { ...c, target: null, placeProblem: ROW_MESSAGES.unknownPlace(c.place) } : c));
    const rows = await evaluate(tx, current, limit, planId);
    const totals = totalsOf(rows);
    if (totals.errors > 0) {
      return { ok: false, error: { error: importRefusedMessage(totals.errors), code: 'KEYWORD_IMPORT_INVALID', rows: rows.filter((r) => isImportError(r.status)), totals } };
    }
    const adding = rows.filter((r) => r.status === 'ok');
    const inserted = await keywordImportRepository.insertMany(
      tx,
      adding.map((r) => ({ placeId: r.placeId!, userId, name: r.keyword })),
    );
    // What the unique index refused (a case PostgreSQL folds that JavaScript does not) is a duplicate too.
    const stored = new Set(inserted.map((k) => `${k.placeId}\u0000${k.name}`));
    for (const row of adding) {
      if (!stored.has(`${row.placeId}\u0000${row.keyword}`)) {
        row.status = 'duplicate';
        row.message = ROW_MESSAGES.existing(row.placeName ?? row.place);
      }
    }
    return { ok: true, result: { ...previewOf(rows), canImport: false, imported: inserted.length } };
  });
}
