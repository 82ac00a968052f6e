/**
 * CSV for spreadsheets in Spanish (see @rankmaps/shared/schemas/exports): ';' between
 * fields, ',' as the decimal mark, CRLF line ends and a UTF-8 byte-order mark, which is
 * what makes Excel read the file as UTF-8 (accents) instead of the system code page.
 */
import { CSV_SEPARATOR } from '@rankmaps/shared/schemas/exports';

/** A number is written as a number; text is escaped and neutralised; null is an empty field. */
export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const LINE_END = '\r\n';
/** What a spreadsheet may take for the start of a formula (CSV/formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

/** A number with ',' for decimals and no exponent or trailing zeros; '' for NaN and infinities. */
export function csvNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return String(n + 0);
  const fixed = n.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return (fixed === '-0' ? '0' : fixed).replace('.', ',');
}

/**
 * Text as one field: with a leading apostrophe when a spreadsheet would run it as a formula
 * (it starts with = + - @, a tab or a carriage return), then quoted, with its quotes
 * doubled, when it holds a quote, the separator or a line break.
 */
export function csvText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  return typeof cell === 'number' ? csvNumber(cell) : csvText(cell);
}

/** The whole file: byte-order mark, header, rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: CsvCell[][]): string {
  const lines = [header.map(csvText), ...rows.map((row) => row.map(csvCell))].map((cells) => cells.join(CSV_SEPARATOR));
  return BOM + lines.map((line) => line + LINE_END).join('');
}

/** An ASCII file-name piece: accents dropped, lower case, words joined by '-'; `fallback` when nothing is left. */
export function asciiSlug(text: string, fallback: string, maxLength = 60): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The calendar date (yyyy-mm-dd) of an instant in a time zone; UTC's when the zone is unknown. */
export function isoDateIn(date: Date, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return date.toISOString().slice(0, 10);
  }
}
