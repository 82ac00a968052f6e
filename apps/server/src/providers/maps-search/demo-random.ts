// Seeded randomness for the demo simulation: the same inputs must give the same market on
// every machine and every run, so nothing here reads Math.random or the clock. The generator
// itself (mulberry32) is packages/shared/src/seeded-random.ts.

/** FNV-1a over the string's UTF-16 code units: a fast, stable 32-bit seed. */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Mixes 32-bit integers into one well-spread 32-bit value (murmur3's finaliser per step). */
export function mixInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from a 32-bit value. */
export const unit = (n: number): number => (n >>> 0) / 4294967296;

/** ISO 8601 week of a date (UTC), as 'YYYY-Www': weeks start on Monday, week 1 holds 4 January. */
export function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of this week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
