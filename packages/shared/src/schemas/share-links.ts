import { z } from 'zod';

// Share links (issue 17, docs/reports.md "Share links", docs/decisions.md §24.4): a public,
// read-only URL of one report. The server looks a token up by its SHA-256, and keeps the token
// itself encrypted so that its owner can copy an active link again (docs/decisions.md §29.1).

export const SHARE_SCOPES = ['analysis', 'keyword', 'place'] as const;
export type ShareScope = (typeof SHARE_SCOPES)[number];

/** The expiries a link may have, in days; null: it never expires. */
export const SHARE_EXPIRIES = [30, 90] as const;
/** At most this many origins may embed a link. */
export const MAX_EMBED_ORIGINS = 5;
/** The public page of a link: `/informe/{token}`. */
export const SHARE_PAGE_PREFIX = '/informe/';

export const SHARE_SCOPE_INVALID = 'El tipo de informe no es válido: elige análisis, keyword o negocio.';
export const SHARE_TARGET_INVALID = 'Indica el análisis, la keyword o el negocio que quieres compartir.';
export const SHARE_EXPIRY_INVALID = 'La caducidad no es válida: elige sin caducidad, 30 días o 90 días.';
export const SHARE_ORIGINS_INVALID = 'Los sitios que pueden insertar el informe deben ser orígenes https (por ejemplo, https://www.ejemplo.com), sin ruta.';
export const SHARE_ORIGINS_TOO_MANY = `Puedes permitir como máximo ${MAX_EMBED_ORIGINS} sitios que inserten el informe.`;
export const SHARE_LINK_NOT_FOUND = 'Enlace no encontrado.';
/** The one answer of every token that does not open a report: unknown, altered, expired or revoked. */
export const SHARE_UNAVAILABLE = 'Este informe no está disponible.';

const ORIGIN = /^https:\/\/((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?::(\d{1,5}))?\/?$/i;

/** An https origin, written as the browser writes it (https://host[:port], lower case, no 443): scheme and host, nothing else; null otherwise. */
export function normaliseOrigin(value: string): string | null {
  const match = ORIGIN.exec(value.trim());
  if (!match) return null;
  const host = match[1]!.toLowerCase();
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return port === null || port === 443 ? `https://${host}` : `https://${host}:${port}`;
}

const originSchema = z.string(SHARE_ORIGINS_INVALID).max(255, SHARE_ORIGINS_INVALID).refine((v) => normaliseOrigin(v) !== null, SHARE_ORIGINS_INVALID);

export const createShareLinkBodySchema = z.strictObject(
  {
    scope: z.enum(SHARE_SCOPES, SHARE_SCOPE_INVALID),
    targetId: z.string(SHARE_TARGET_INVALID).min(1, SHARE_TARGET_INVALID).max(100, SHARE_TARGET_INVALID),
    expiresInDays: z.union([z.literal(30), z.literal(90), z.null()], SHARE_EXPIRY_INVALID),
    embedOrigins: z.array(originSchema, SHARE_ORIGINS_INVALID).max(MAX_EMBED_ORIGINS, SHARE_ORIGINS_TOO_MANY).optional(),
  },
  'Los datos del enlace no son válidos.',
);
export type CreateShareLinkBody = z.infer<typeof createShareLinkBodySchema>;

export const shareLinkListQuerySchema = z.object({
  scope: z.enum(SHARE_SCOPES, SHARE_SCOPE_INVALID),
  targetId: z.string(SHARE_TARGET_INVALID).min(1, SHARE_TARGET_INVALID).max(100, SHARE_TARGET_INVALID),
});

export const shareLinkIdParamsSchema = z.object({ id: z.string().max(100, SHARE_LINK_NOT_FOUND) });
export const shareTokenParamsSchema = z.object({ token: z.string() });

export const shareLinkStateSchema = z.enum(['active', 'expired', 'revoked']);
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>;

/**
 * A link as its owner sees it in the list. `url` (with its token) is there to copy again while
 * the link is active; null once revoked or expired, and for links made before tokens were kept.
 */
export const shareLinkSchema = z.object({
  id: z.string(),
  scope: z.enum(SHARE_SCOPES),
  createdAt: z.string(),
  /** Null: it never expires. */
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
  embedOrigins: z.array(z.string()),
  state: shareLinkStateSchema,
  url: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer of a new link: its `url` is always there. */
export const createdShareLinkSchema = shareLinkSchema.extend({ url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkListSchema = z.object({ links: z.array(shareLinkSchema) });
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;
