import { z } from 'zod';

// The agency workspace (issue 18, docs/decisions.md §25.1): clients and the portfolio.

// ── Clients ─────────────────────────────────────────────────────────────────

export const CLIENT_NAME_MAX = 80;
const CLIENT_NAME_MISSING = 'Escribe el nombre del cliente.';
const CLIENT_NAME_LONG = `El nombre del cliente no puede superar los ${CLIENT_NAME_MAX} caracteres.`;
export const CLIENT_NOT_FOUND = 'Cliente no encontrado.';

export const clientNameSchema = z
  .string(CLIENT_NAME_MISSING)
  .trim()
  .min(1, CLIENT_NAME_MISSING)
  .max(CLIENT_NAME_MAX, CLIENT_NAME_LONG)
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), 'El nombre del cliente no puede llevar caracteres de control.');

export const clientRequestSchema = z.object({ name: clientNameSchema }, 'Indica el nombre del cliente.').strict();
export type ClientRequest = z.infer<typeof clientRequestSchema>;

export const clientIdParamsSchema = z.object({ id: z.string().max(100, CLIENT_NOT_FOUND) });

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** How many of the user's places are grouped under it. */
  places: z.number().int(),
  /** The public URL of the client's logo (a PNG shown in its reports), or null without one. */
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;
export const clientListSchema = z.object({ clients: z.array(clientSchema) });
export type ClientList = z.infer<typeof clientListSchema>;

/** PUT /api/place/:id/client: the client to group the place under, or null to ungroup it. */
export const placeClientRequestSchema = z
  .object({ clientId: z.string('Indica el cliente, o null para quitarlo.').max(100, CLIENT_NOT_FOUND).nullable() }, 'Indica el cliente, o null para quitarlo.')
  .strict();
export const placeClientResponseSchema = z.object({ placeId: z.string(), client: z.object({ id: z.string(), name: z.string() }).nullable() });

// ── Portfolio ───────────────────────────────────────────────────────────────

export const PORTFOLIO_PAGE_MAX = 100;
export const PORTFOLIO_SORTS = [
  'place',
  'keyword',
  'client',
  'geoRank',
  'geoRankChange',
  'avgPosition',
  'avgTotalPosition',
  'localPack',
  'lastAt',
  'nextRunAt',
] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

const PAGE_MESSAGE = 'La página debe ser un número entero desde 1.';
const LIMIT_MESSAGE = `El tamaño de página debe ser un número entero entre 1 y ${PORTFOLIO_PAGE_MAX}.`;

export const portfolioQuerySchema = z.object({
  page: z.coerce.number(PAGE_MESSAGE).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, PAGE_MESSAGE).default(1),
  limit: z.coerce.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(PORTFOLIO_PAGE_MAX, LIMIT_MESSAGE).default(25),
  q: z.string('La búsqueda debe ser un texto.').trim().max(100, 'La búsqueda no puede superar los 100 caracteres.').optional(),
  /** A client's id, or 'none' for the places without a client. */
  clientId: z.string('Cliente no válido.').max(100, CLIENT_NOT_FOUND).optional(),
  movement: z.enum(['dropped', 'improved'], 'El movimiento debe ser dropped o improved.').optional(),
  state: z.enum(['failed', 'never'], 'El estado debe ser failed o never.').optional(),
  sort: z.enum(PORTFOLIO_SORTS, `Ordena por una de estas columnas: ${PORTFOLIO_SORTS.join(', ')}.`).default('place'),
  dir: z.enum(['asc', 'desc'], 'La dirección debe ser asc o desc.').default('asc'),
});
export type PortfolioQuery = z.input<typeof portfolioQuerySchema>;

export const portfolioStateSchema = z.enum(['completed', 'failed', 'running', 'none']);
export type PortfolioState = z.infer<typeof portfolioStateSchema>;

/** One metric of the latest completed analysis and its change against the one before (null without one). */
const figure = z.object({ value: z.number().nullable(), change: z.number().nullable() });

export const portfolioRowSchema = z.object({
  place: z.object({ id: z.string(), name: z.string(), client: z.object({ id: z.string(), name: z.string() }).nullable() }),
  keyword: z.object({ id: z.string(), name: z.string() }),
  /** The latest completed analysis, or null when none has completed. */
  latestRankMapId: z.string().nullable(),
  geoRank: figure,
  avgPosition: figure,
  avgTotalPosition: figure,
  localPack: figure,
  /** The analysis before the latest ran on another grid: the changes are null and the row says «La cuadrícula ha cambiado» (docs/decisions.md §25.6). */
  gridChanged: z.boolean(),
  /** The GeoRank of the last 12 completed analyses, oldest first. */
  sparkline: z.array(z.number()),
  /** The last analysis: its date (when it finished, or was created while it runs) and state. */
  lastAt: z.string().nullable(),
  state: portfolioStateSchema,
  /** The next scheduled run: the place's weekly slot or a pending scheduled analysis, whichever is sooner. */
  nextRunAt: z.string().nullable(),
  /** The latest figures came from the demo provider (simulated) or an approximation (Text Search). */
  label: z.enum(['demo', 'approximation']).nullable(),
});
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

export const portfolioResponseSchema = z.object({
  rows: z.array(portfolioRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

/** A place's or keyword's latest figures on its card: GeoRank, its change and the last scan's date. */
export const cardFiguresSchema = z.object({
  geoRank: z.number().nullable(),
  /** Null without an analysis before, or when it ran on another grid. */
  geoRankChange: z.number().nullable(),
  /** The analysis before the latest ran on another grid: no change is shown, the card says «La cuadrícula ha cambiado» (docs/decisions.md §25.6). */
  gridChanged: z.boolean(),
  lastAt: z.string().nullable(),
});
export type CardFigures = z.infer<typeof cardFiguresSchema>;
