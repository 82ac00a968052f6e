import { z } from 'zod';

/**
 * The CSV downloads of a completed analysis (GET /api/rankmap/:id/export/points.csv and
 * /competitors.csv), made for Excel in Spanish: UTF-8 with a byte-order mark (so accents
 * open right), ';' between fields and ',' as the decimal mark, CRLF line ends. Text that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe.
 */
export const CSV_SEPARATOR = ';';

/**
 * One row per stored grid point, in grid order. fila 1 is the northern row, columna 1 the
 * western column. posicion_total is the position with "not found" counted as 21 (empty for
 * a failed point): the average of that column is the analysis's "Posición media total".
 */
export const POINTS_CSV_COLUMNS = [
  'fila',
  'columna',
  'latitud',
  'longitud',
  'estado',
  'posicion',
  'posicion_total',
  'primer_resultado',
  'segundo_resultado',
  'tercer_resultado',
] as const;

/** The competitors table of the analysis (up to 80 rows), in ranking order. */
export const COMPETITORS_CSV_COLUMNS = [
  'ranking',
  'nombre',
  'direccion',
  'posicion_media',
  'posicion_media_total',
  'apariciones',
  'local_pack_pct',
  'visibilidad',
  'georank',
  'valoracion',
  'resenas',
  'anuncio',
  'es_tu_negocio',
] as const;

/** The body of a CSV download (Content-Type text/csv; charset=utf-8, sent as an attachment). */
export const csvFileSchema = z.string().describe('CSV en UTF-8 con BOM, separado por «;», con «,» como separador decimal');
