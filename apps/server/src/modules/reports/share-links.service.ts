import { createHash, randomBytes } from 'node:crypto';
import type { Report } from '@rankmaps/shared/schemas/report';
import {
  type CreateShareLinkBody,
  type CreatedShareLink,
  type ShareLink,
  type ShareScope,
  SHARE_LINK_NOT_FOUND,
  SHARE_PAGE_PREFIX,
  SHARE_UNAVAILABLE,
  normaliseOrigin,
} from '@rankmaps/shared/schemas/share-links';
import type { Container } from '../../container';
import { AppError, badRequest, notFound } from '../../errors';
import { keywordsRepository } from '../keywords/keywords.repository';
import { placesRepository } from '../places/places.repository';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { buildAnalysisReport, buildKeywordReport, buildPlaceReport } from './report-builder.service';
import { type ShareLinkRow, type ShareTarget, shareLinksRepository } from './share-links.repository';
import { atRestCipher } from '../../lib/at-rest-cipher';
import { isUuid } from '../../lib/uuid';
import { type TokenCipher, TokenDecryptError } from '../gbp/token-cipher';

// Share links (docs/reports.md "Share links", docs/decisions.md §24.4).

const DAY_MS = 86_400_000;
export const SHARE_ANALYSIS_NOT_COMPLETED = 'Solo se pueden compartir análisis completados.';

const NOT_FOUND_OF: Record<ShareScope, string> = {
  analysis: 'Análisis no encontrado.',
  keyword: 'Keyword no encontrada.',
  place: 'Lugar no encontrado.',
};

type Deps = Pick<Container, 'database' | 'config'>;

/** A new token: 32 random bytes (256 bits), base64url. */
export const newShareToken = () => randomBytes(32).toString('base64url');
/** What is stored and looked up: the token's SHA-256, hex. */
export const shareTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The owner's target and where it sits (place, keyword), or 404 with the target's own message. */
async function ownedTarget(deps: Deps, userId: string, scope: ShareScope, targetId: string) {
  const db = deps.database.db;
  const missing = () => notFound(NOT_FOUND_OF[scope], 'NOT_FOUND');
  if (!isUuid(targetId)) throw missing();
  if (scope === 'analysis') {
    const row = await rankMapsRepository.findOwned(db, userId, targetId);
    if (!row) throw missing();
    return { target: { scope, rankMapId: row.id } as ShareTarget, placeId: row.placeId, keywordId: row.keywordId, rankMapId: row.id, completed: row.status === 'completed' };
  }
  if (scope === 'keyword') {
    const row = await keywordsRepository.findOwned(db, userId, targetId);
    if (!row) throw missing();
    return { target: { scope, keywordId: row.keyword.id } as ShareTarget, placeId: row.place.id, keywordId: row.keyword.id, rankMapId: null, completed: true };
  }
  const row = await placesRepository.findOwned(db, userId, targetId);
  if (!row) throw missing();
  return { target: { scope, placeId: row.id } as ShareTarget, placeId: row.id, keywordId: null, rankMapId: null, completed: true };
}

export function shareLinkState(row: Pick<ShareLinkRow, 'revokedAt' | 'expiresAt'>, now = new Date()): ShareLink['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The link's token, decrypted, while the link is active; null otherwise or when it does not decrypt (a copied row). */
function activeTokenOf(cipher: TokenCipher, row: ShareLinkRow, now: Date): string | null {
  if (!row.tokenEnc || shareLinkState(row, now) !== 'active') return null;
  try {
    const token = cipher.decrypt(row.tokenEnc, tokenContext(row.tokenHash));
    return shareTokenHash(token) === row.tokenHash ? token : null;
  } catch (error) {
    if (error instanceof TokenDecryptError) return null;
    throw error;
  }
}

/** The cipher of the kept tokens (lib/at-rest-cipher.ts); each is bound to its hash. */
const shareTokenCipher = (deps: Deps) => atRestCipher(deps, 'share-link-token-key-v1');
const tokenContext = (tokenHash: string) => `share-link:${tokenHash}`;

export function presentShareLink(row: ShareLinkRow, url: string | null, now = new Date()): ShareLink {
  return {
    id: row.id,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    views: row.views,
    lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
    embedOrigins: row.embedOrigins,
    state: shareLinkState(row, now),
    url,
  };
}

/** Links as their owner lists them: each active one with its URL to copy again. */
async function presentOwnedLinks(deps: Deps, rows: ShareLinkRow[], now = new Date()): Promise<ShareLink[]> {
  const cipher = await shareTokenCipher(deps);
  return rows.map((row) => {
    const token = activeTokenOf(cipher, row, now);
    return presentShareLink(row, token === null ? null : shareUrlOf(deps.config.appUrl, token), now);
  });
}

export const shareUrlOf = (appUrl: string, token: string) => `${appUrl}${SHARE_PAGE_PREFIX}${token}`;

export async function createShareLink(deps: Deps, userId: string, body: CreateShareLinkBody): Promise<CreatedShareLink> {
  const owned = await ownedTarget(deps, userId, body.scope, body.targetId);
  if (!owned.completed) throw badRequest(SHARE_ANALYSIS_NOT_COMPLETED, 'ANALYSIS_NOT_COMPLETED');
  // Deduplicated, in the browser's form (https://host[:port]).
  const embedOrigins = [...new Set((body.embedOrigins ?? []).map((o) => normaliseOrigin(o)).filter((o): o is string => o !== null))];
  const token = newShareToken();
  const tokenHash = shareTokenHash(token);
  const tokenEnc = (await shareTokenCipher(deps)).encrypt(token, tokenContext(tokenHash));
  const now = new Date();
  const row = await shareLinksRepository.insert(deps.database.db, {
    userId,
    scope: body.scope,
    placeId: owned.placeId,
    keywordId: owned.keywordId,
    rankMapId: owned.rankMapId,
    tokenHash,
    tokenEnc,
    expiresAt: body.expiresInDays === null ? null : new Date(now.getTime() + body.expiresInDays * DAY_MS),
    embedOrigins,
    createdAt: now,
  });
  return { ...presentShareLink(row, null, now), url: shareUrlOf(deps.config.appUrl, token) };
}

export async function listShareLinks(deps: Deps, userId: string, scope: ShareScope, targetId: string): Promise<ShareLink[]> {
  const owned = await ownedTarget(deps, userId, scope, targetId);
  return presentOwnedLinks(deps, await shareLinksRepository.listForTarget(deps.database.db, userId, owned.target));
}

export async function revokeShareLink(deps: Deps, userId: string, id: string): Promise<ShareLink> {
  if (!isUuid(id)) throw notFound(SHARE_LINK_NOT_FOUND, 'NOT_FOUND');
  const row = await shareLinksRepository.revoke(deps.database.db, userId, id, new Date());
  if (!row) throw notFound(SHARE_LINK_NOT_FOUND, 'NOT_FOUND');
  return presentShareLink(row, null);
}

/** The one refusal of every token that opens nothing, whatever the reason. */
export const shareUnavailable = () => new AppError('SHARE_UNAVAILABLE', SHARE_UNAVAILABLE, 404);

/** The link a token opens now: not revoked, not expired; undefined otherwise. */
export async function liveLinkOf(deps: Pick<Container, 'database'>, token: string, now = new Date()): Promise<ShareLinkRow | undefined> {
  const row = await shareLinksRepository.findByTokenHash(deps.database.db, shareTokenHash(token));
  return row && shareLinkState(row, now) === 'active' ? row : undefined;
}

/** The report a token opens, built now for the link's owner, counting the view; 404 SHARE_UNAVAILABLE otherwise. */
export async function viewSharedReport(container: Container, token: string): Promise<Report> {
  const now = new Date();
  const link = await liveLinkOf(container, token, now);
  if (!link) throw shareUnavailable();
  // The view is counted beside the build rather than after it (one round trip less on
  // PostgreSQL). A target deleted meanwhile takes its links with it, so nothing is counted for it.
  const [report] = await Promise.all([buildShared(container, link), shareLinksRepository.countView(container.database.db, link.id, now)]);
  return report;
}

async function buildShared(container: Container, link: NonNullable<Awaited<ReturnType<typeof liveLinkOf>>>): Promise<Report> {
  try {
    if (link.scope === 'analysis' && link.rankMapId) return await buildAnalysisReport(container, link.userId, link.rankMapId);
    if (link.scope === 'keyword' && link.keywordId) return await buildKeywordReport(container, link.userId, link.keywordId);
    return await buildPlaceReport(container, link.userId, link.placeId);
  } catch (err) {
    // The target went away between the look-up and the build: the same page as any dead link.
    if (err instanceof AppError && err.status === 404) throw shareUnavailable();
    throw err;
  }
}
