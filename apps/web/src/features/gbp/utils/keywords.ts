import { GBP_TOP_KEYWORDS, type GbpKeyword } from '@rankmaps/shared/schemas/gbp';
import { formatCount } from '@/lib/format';
import { parseCount } from './metrics';

/** A keyword as the list shows it: its count, or only the threshold its count is below. */
export interface KeywordRow {
  keyword: string;
  /** The searches, when Google discloses them. */
  value: number | null;
  /** When Google only says "fewer than this". */
  threshold: number | null;
}

const INT_RE = /^\s*\d+\s*$/;

export function toKeywordRow(k: GbpKeyword): KeywordRow {
  const { value, threshold } = k.insightsValue;
  return {
    keyword: k.keyword,
    value: value !== undefined && INT_RE.test(value) ? Number(parseCount(value)) : null,
    threshold: value === undefined && threshold !== undefined && INT_RE.test(threshold) ? Number(parseCount(threshold)) : null,
  };
}

/** A sort key: disclosed counts first (higher first), then threshold-only ones (higher threshold first), then the rest. */
function rank(r: KeywordRow): [number, number] {
  if (r.value !== null) return [0, -r.value];
  if (r.threshold !== null) return [1, -r.threshold];
  return [2, 0];
}

/** Sorted as the server documents it (value desc, then threshold-only, then alphabetically), whatever order arrives. */
export function sortKeywords(rows: readonly KeywordRow[]): KeywordRow[] {
  return [...rows].sort((a, b) => {
    const [ga, va] = rank(a);
    const [gb, vb] = rank(b);
    return ga - gb || va - vb || a.keyword.localeCompare(b.keyword, 'es');
  });
}

/** docs/product.md §9: the top keywords, at most 9. */
export function topKeywords(keywords: readonly GbpKeyword[], limit: number = GBP_TOP_KEYWORDS): KeywordRow[] {
  return sortKeywords(keywords.map(toKeywordRow)).slice(0, limit);
}

/** '1.234' for a disclosed count, '< 15' for a threshold-only one, '—' when Google gave neither. */
export function formatKeywordCount(row: KeywordRow, locale: string): string {
  if (row.value !== null) return formatCount(row.value, locale);
  if (row.threshold !== null) return `< ${formatCount(row.threshold, locale)}`;
  return '—';
}
