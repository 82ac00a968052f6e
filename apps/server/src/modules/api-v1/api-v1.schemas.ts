import { z } from 'zod';

// The answers of /api/v1 (docs/api.md). Field names are camelCase, as in the rest of the API,
// and stable: a field is added, never renamed or removed, within v1 (docs/decisions.md §26.2).

export const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const v1PlaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string(),
  countryCode: z.string(),
  lat: z.number(),
  lng: z.number(),
  rating: z.number().nullable(),
  totalReviews: z.number().int(),
  clientId: z.uuid().nullable(),
  createdAt: z.string(),
}).meta({
  examples: [{ id: '7b0c2f4e-0a1d-4c55-9a53-8a1f7e0c9d21', name: 'Clínica Dental Sol', address: 'Calle Larios 5, Málaga', countryCode: 'ES', lat: 36.7213, lng: -4.4214, rating: 4.7, totalReviews: 128, clientId: null, createdAt: '2026-11-20T09:12:44.120Z' }],
});
export const v1PlacePageSchema = page(v1PlaceSchema);

export const v1KeywordSchema = z.object({ id: z.uuid(), placeId: z.uuid(), name: z.string(), createdAt: z.string() });
export const v1KeywordPageSchema = page(v1KeywordSchema);

export const v1MetricsSchema = z.object({
  totalPoints: z.number().int(),
  foundPoints: z.number().int(),
  avgPosition: z.number().nullable(),
  avgTotalPosition: z.number().meta({ description: 'Posición media total (ATRP): la media en todos los puntos, contando 21 donde no aparece. Más baja es mejor.' }),
  localPackPercentage: z.number(),
  foundPercentage: z.number(),
  visibilityIndex: z.number(),
  geoRank: z.number(),
});

export const v1AnalysisSchema = z.object({
  id: z.uuid(),
  keywordId: z.uuid(),
  placeId: z.uuid(),
  query: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  gridPoints: z.number().int(),
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  metrics: v1MetricsSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export const v1AnalysisPageSchema = page(v1AnalysisSchema);

export const v1CreditsSchema = z
  .object({ subscriptionCredits: z.number().int(), extraCredits: z.number().int(), total: z.number().int(), plan: z.string() })
  .meta({ examples: [{ subscriptionCredits: 1800, extraCredits: 250, total: 2050, plan: 'pro_agency' }] });

export const v1IdParams = z.object({ id: z.string().max(100, 'No encontrado.') });

/** GET /api/v1/analyses/:id/results: one grid point; `rank` is null where the business was not found (or the point failed). */
export const v1ResultPointSchema = z
  .object({
    pointIndex: z.number().int(),
    row: z.number().int(),
    col: z.number().int(),
    lat: z.number(),
    lng: z.number(),
    status: z.enum(['ok', 'failed']),
    rank: z.number().int().nullable(),
    inLocalPack: z.boolean(),
  })
  .meta({ examples: [{ pointIndex: 0, row: 0, col: 0, lat: 36.7123, lng: -4.4304, status: 'ok', rank: 2, inLocalPack: true }] });
export const v1ResultPageSchema = page(v1ResultPointSchema);

const KEYWORDS_MESSAGE = 'Envía entre 1 y 1000 keywords en «keywords», cada una de una sola línea.';
/** POST /api/v1/places/:id/keywords. */
export const v1BulkKeywordsBodySchema = z.object(
  {
    keywords: z
      .array(z.string(KEYWORDS_MESSAGE).max(200, 'Cada keyword puede tener como mucho 200 caracteres.').regex(/^[^\r\n]*$/, KEYWORDS_MESSAGE), KEYWORDS_MESSAGE)
      .min(1, KEYWORDS_MESSAGE)
      .max(1000, KEYWORDS_MESSAGE),
  },
  KEYWORDS_MESSAGE,
);
export const v1BulkKeywordsResultSchema = z
  .object({
    created: z.array(v1KeywordSchema),
    skipped: z.array(z.object({ keyword: z.string(), reason: z.string() })),
  })
  .meta({
    examples: [
      {
        created: [{ id: '1f6f0f5a-3b7e-4c8e-9a41-2f0e5d7c9b10', placeId: '7b0c2f4e-0a1d-4c55-9a53-8a1f7e0c9d21', name: 'dentista urgencias', createdAt: '2026-11-26T10:00:00.000Z' }],
        skipped: [{ keyword: 'dentista', reason: '«Clínica Dental Sol» ya tiene esta keyword: no se añadirá otra vez.' }],
      },
    ],
  });

export const v1CompareParams = z.object({ id: z.string().max(100, 'No encontrado.'), otherId: z.string().max(100, 'No encontrado.') });
