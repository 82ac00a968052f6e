import { z } from 'zod';

/**
 * The CSV downloads of a completed analysis (GET /api/rankmap/:id/export/points.csv and
 * /competitors.csv), made for Excel in Spanish: UTF-8 with a byte-order mark (so accents
 * open right), ';' between fields and ',' as the decimal mark, CRLF line ends. Text that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe; our own values never start that way, so only text from the
 * maps provider can show one.
 */
export const CSV_SEPARATOR = ';';

/**
 * The columns every row of both files starts with, so that a file opened on its own, or rows
 * pasted into another sheet, still say which analysis they come from (docs/decisions.md §22.5):
 * the keyword, the business as it was analysed, the completion date (yyyy-mm-dd, in the
 * business's time zone) and the grid ("7×7, radio 2000 m").
 */
export const ANALYSIS_CSV_COLUMNS = ['Keyword', 'Negocio', 'Fecha', 'Cuadrícula'] as const;

/** What a point's position reads when the business is not in the first 20 results. */
export const CSV_NOT_FOUND = 'No encontrado';

/**
 * One row per stored grid point, in grid order. Fila 1 is the northern row, Columna 1 the
 * western column. "Posición" is our position, "No encontrado" or "Fallido"; the next column
 * is the position with "not found" counted as 21 (empty for a failed point): the average of
 * that column is the analysis's "Posición media total".
 */
export const POINTS_CSV_COLUMNS = [
  ...ANALYSIS_CSV_COLUMNS,
  'Fila',
  'Columna',
  'Latitud',
  'Longitud',
  'Estado',
  'Posición',
  'Posición (no encontrado = 21)',
  'Primer resultado',
  'Segundo resultado',
  'Tercer resultado',
] as const;

/** The competitors table of the analysis (up to 80 rows), in ranking order. */
export const COMPETITORS_CSV_COLUMNS = [
  ...ANALYSIS_CSV_COLUMNS,
  'Ranking',
  'Nombre',
  'Dirección',
  'Posición media',
  'Posición media total',
  'Apariciones',
  '% en Local Pack',
  'Visibilidad',
  'GeoRank',
  'Valoración',
  'Reseñas',
  'Anuncio',
  'Es tu negocio',
] as const;

/** The body of a CSV download (Content-Type text/csv; charset=utf-8, sent as an attachment). */
export const csvFileSchema = z.string().describe('CSV en UTF-8 con BOM, separado por «;», con «,» como separador decimal');
