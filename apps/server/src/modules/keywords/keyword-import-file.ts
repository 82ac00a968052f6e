import { CsvError, parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { KEYWORD_IMPORT_COLUMNS, KEYWORD_IMPORT_MAX_BYTES, KEYWORD_IMPORT_MAX_ROWS } from '@rankmaps/shared/schemas/bulk-keywords';
import { badRequest } from '../../errors';

// Reading what a bulk import brings (docs/decisions.md §25.2): the bytes of an uploaded CSV
// decoded (UTF-8 with or without a byte-order mark, UTF-16 with one, else Windows-1252, which is
// what Excel writes for «CSV (delimitado por comas)» in Spanish), the CSV's text parsed by
// csv-parse, and pasted text split into lines. File-level problems are a 400 with a Spanish
// message; row-level ones are the preview's business.

/** One line of the input: where it is, the business as written (CSV only) and the keyword as written. */
export interface ImportLine {
  line: number;
  place: string;
  keyword: string;
}

export const FILE_MESSAGES = {
  empty: 'El archivo está vacío.',
  tooBig: 'El archivo supera el tamaño máximo de 1 MB. Divídelo en varios archivos.',
  notCsv: 'El archivo no es un CSV. Si es un Excel (.xlsx), guárdalo como «CSV UTF-8 (delimitado por comas)» y vuelve a subirlo.',
  noRows: 'El CSV no tiene ninguna fila de keywords: añade una por línea debajo de la cabecera.',
  tooManyRows: `El CSV tiene más de ${KEYWORD_IMPORT_MAX_ROWS.toLocaleString('es-ES')} filas. Divídelo en varios archivos.`,
  tooManyLines: `Son más de ${KEYWORD_IMPORT_MAX_ROWS.toLocaleString('es-ES')} keywords de una vez. Divídelas en varias importaciones.`,
  noText: 'Escribe al menos una keyword, una por línea.',
  columns: (found: string) =>
    `La primera línea del CSV debe tener las columnas «negocio» y «keyword», separadas por «;» o «,»${found ? `; tiene: ${found}` : ''}.`,
  malformed: (line: number | null) => `El CSV no se puede leer: revisa las comillas y los separadores${line ? ` en la línea ${line} o antes` : ''}.`,
} as const;

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Signatures of files people upload by mistake: spreadsheets, documents and images. */
const BINARY_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // zip: .xlsx, .ods, .docx
  [0xd0, 0xcf, 0x11, 0xe0], // OLE: .xls, .doc
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
];

const startsWith = (data: Uint8Array, bytes: readonly number[]) => bytes.every((b, i) => data[i] === b);

/** Control characters no text file holds (everything below space except tab, line feed, carriage return and form feed). */
const hasControlBytes = (data: Uint8Array) => data.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c);

/**
 * The text of an uploaded CSV and the encoding it was read in. A byte-order mark decides; without
 * one, bytes that are valid UTF-8 are UTF-8, and anything else is Windows-1252 (every byte is a
 * character there, and it is what Excel in Spanish saves). Binary files are refused.
 */
export function decodeCsvBytes(data: Uint8Array): { text: string; encoding: CsvEncoding } {
  if (data.length === 0) throw badRequest(FILE_MESSAGES.empty, 'CSV_EMPTY');
  if (data.length > KEYWORD_IMPORT_MAX_BYTES) throw badRequest(FILE_MESSAGES.tooBig, 'CSV_TOO_BIG');
  if (startsWith(data, [0xff, 0xfe]) || startsWith(data, [0xfe, 0xff])) {
    const encoding = data[0] === 0xff ? 'utf-16le' : 'utf-16be';
    const text = new TextDecoder(encoding).decode(data);
    if ([...text].some((ch) => ch.charCodeAt(0) < 0x20 && !'\t\n\r\f'.includes(ch))) throw badRequest(FILE_MESSAGES.notCsv, 'CSV_NOT_CSV');
    return { text, encoding };
  }
  if (BINARY_SIGNATURES.some((sig) => startsWith(data, sig)) || hasControlBytes(data)) throw badRequest(FILE_MESSAGES.notCsv, 'CSV_NOT_CSV');
  try {
    // ignoreBOM: false (the default) drops a UTF-8 byte-order mark.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(data), encoding: 'utf-8' };
  } catch {
    // iconv-lite: Node's own TextDecoder reads 'windows-1252' as Latin-1 and loses €, “ ” and the like.
    return { text: iconv.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), 'win1252'), encoding: 'windows-1252' };
  }
}

/** A header cell as compared with the expected names: no quotes or spaces around, lower case, no accents. */
const headerName = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const SEPARATORS = [';', ',', '\t'] as const;

/** The CSV's rows: its header names the columns negocio and keyword (in any order; other columns are ignored). */
export function parseKeywordCsv(input: string): ImportLine[] {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw badRequest(FILE_MESSAGES.empty, 'CSV_EMPTY');
  if (text.includes('\u0000')) throw badRequest(FILE_MESSAGES.notCsv, 'CSV_NOT_CSV');
  const headerLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const separator = SEPARATORS.find((sep) => {
    const names = headerLine.split(sep).map(headerName);
    return KEYWORD_IMPORT_COLUMNS.every((column) => names.includes(column));
  });
  if (!separator) {
    const found = headerLine.slice(0, 120).trim();
    throw badRequest(FILE_MESSAGES.columns(found ? `«${found}»` : ''), 'CSV_COLUMNS');
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // One more than allowed is how too many rows is told apart from exactly enough.
      to: KEYWORD_IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) {
      // Where the parser stopped: an unclosed quote opened on that line or earlier.
      const line = (err as CsvError & { lines?: number }).lines;
      throw badRequest(FILE_MESSAGES.malformed(typeof line === 'number' && line > 0 ? line : null), 'CSV_MALFORMED');
    }
    throw err;
  }
  const [header, ...body] = records;
  const names = (header?.record ?? []).map(headerName);
  const placeAt = names.indexOf('negocio');
  const keywordAt = names.indexOf('keyword');
  const rows = body
    .map(({ record, info }) => ({ line: info.lines, place: (record[placeAt] ?? '').trim(), keyword: record[keywordAt] ?? '' }))
    // A row with every cell blank (Excel writes ";" for an empty row) is no row.
    .filter((row, i) => row.place !== '' || row.keyword.trim() !== '' || (body[i]?.record ?? []).some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw badRequest(FILE_MESSAGES.noRows, 'CSV_NO_ROWS');
  if (rows.length > KEYWORD_IMPORT_MAX_ROWS) throw badRequest(FILE_MESSAGES.tooManyRows, 'CSV_TOO_MANY_ROWS');
  return rows;
}

/** Pasted text: one keyword per line; blank lines are skipped. */
export function pastedLines(text: string): { line: number; keyword: string }[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((keyword, i) => ({ line: i + 1, keyword }))
    .filter((l) => l.keyword.trim() !== '');
  if (lines.length === 0) throw badRequest(FILE_MESSAGES.noText, 'IMPORT_EMPTY');
  return lines;
}
