import { z } from 'zod';
import { countsSchema } from './common';

// Bulk keywords (docs/workspace.md «Bulk keywords», docs/decisions.md §25.2): many keywords for one
// or several places at once, pasted (one per line) or from a CSV file, previewed row by row
// before anything is saved, then imported in one transaction.

/** The largest file (or pasted text) read: 1 MB. */
export const KEYWORD_IMPORT_MAX_BYTES = 1024 * 1024;
/** The most rows one import takes (for pasted text, lines × places). */
export const KEYWORD_IMPORT_MAX_ROWS = 5000;
/** The most places pasted text may go to at once. */
export const KEYWORD_IMPORT_MAX_PLACES = 100;
/** The CSV's two columns, in any order, named in its first line. */
export const KEYWORD_IMPORT_COLUMNS = ['negocio', 'keyword'] as const;
/** The multipart field that carries the CSV file. */
export const KEYWORD_IMPORT_FILE_FIELD = 'file';

const placeIdSchema = z.string('Elige los negocios a los que añadir las keywords.').max(100, 'Negocio no encontrado.');

/** Pasted text: one keyword per line, added to every chosen place. */
export const keywordImportTextSchema = z.object({
  source: z.literal('text'),
  placeIds: z
    .array(placeIdSchema, 'Elige los negocios a los que añadir las keywords.')
    .min(1, 'Elige al menos un negocio.')
    .max(KEYWORD_IMPORT_MAX_PLACES, `Elige como mucho ${KEYWORD_IMPORT_MAX_PLACES} negocios.`),
  text: z.string('Escribe una keyword por línea.').max(KEYWORD_IMPORT_MAX_BYTES, 'El texto pegado supera 1 MB.'),
});

/** A CSV's text (the multipart upload arrives here decoded: UTF-8 or Windows-1252). */
export const keywordImportCsvSchema = z.object({
  source: z.literal('csv'),
  csv: z.string('Falta el contenido del CSV.').max(KEYWORD_IMPORT_MAX_BYTES, 'El archivo supera el tamaño máximo de 1 MB.'),
  fileName: z.string().max(255, 'El nombre del archivo es demasiado largo.').optional(),
});

/**
 * POST /api/keywords/import/preview and /api/keywords/import, as JSON. A CSV file can also be
 * sent as multipart/form-data in the field `file`: the server decodes it and reads it as `csv`.
 */
export const keywordImportRequestSchema = z.discriminatedUnion('source', [keywordImportTextSchema, keywordImportCsvSchema], {
  error: 'Envía las keywords pegadas (source «text») o un CSV (source «csv» o el archivo en el campo «file»).',
});
export type KeywordImportRequest = z.infer<typeof keywordImportRequestSchema>;

/**
 * A row's state: ok (will be added), duplicate (already on the place, or earlier in the same
 * file: skipped, not an error), or an error that blocks the import.
 */
export const keywordImportStatusSchema = z.enum(['ok', 'duplicate', 'over_limit', 'unknown_place', 'empty', 'too_long']);
export type KeywordImportStatus = z.infer<typeof keywordImportStatusSchema>;

/** The states that block the import: any one of them and nothing is saved. */
export const KEYWORD_IMPORT_ERROR_STATUSES: readonly KeywordImportStatus[] = ['over_limit', 'unknown_place', 'empty', 'too_long'];
export const isImportError = (status: KeywordImportStatus) => KEYWORD_IMPORT_ERROR_STATUSES.includes(status);

export const keywordImportRowSchema = z.object({
  /** The line of the file or of the pasted text (the CSV's header is line 1). */
  line: z.number().int(),
  /** The business as written in the file, or the chosen place's name for pasted text. */
  place: z.string(),
  placeId: z.string().nullable(),
  placeName: z.string().nullable(),
  keyword: z.string(),
  status: keywordImportStatusSchema,
  /** A Spanish sentence for every state but ok. */
  message: z.string().nullable(),
});
export type KeywordImportRow = z.infer<typeof keywordImportRowSchema>;

export const keywordImportTotalsSchema = countsSchema('rows', 'ok', 'duplicates', 'errors');
export type KeywordImportTotals = z.infer<typeof keywordImportTotalsSchema>;

/** What the import would do: every row with its state, the totals, and whether it can go ahead. */
export const keywordImportPreviewSchema = z.object({
  rows: z.array(keywordImportRowSchema),
  totals: keywordImportTotalsSchema,
  /** True when no row is an error and at least one would be added. */
  canImport: z.boolean(),
});
export type KeywordImportPreview = z.infer<typeof keywordImportPreviewSchema>;

/** The import done: the rows as they ended (duplicates of what was just added are reported, not added twice). */
export const keywordImportResultSchema = keywordImportPreviewSchema.extend({ imported: z.number().int() });
export type KeywordImportResult = z.infer<typeof keywordImportResultSchema>;

/** The import refused (400): the Spanish message, and the rows in error with their lines. */
export const keywordImportErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  rows: z.array(keywordImportRowSchema).optional(),
  totals: keywordImportTotalsSchema.optional(),
});
export type KeywordImportError = z.infer<typeof keywordImportErrorSchema>;

/** The example file the import dialog offers (UTF-8, «;» as in the project's CSV exports). */
export const KEYWORD_IMPORT_EXAMPLE_CSV = 'negocio;keyword\nClínica Dental Sonrisa;dentista urgencias\nClínica Dental Sonrisa;implantes dentales\nPeluquería Núñez;peluquería cerca de mí\n';
