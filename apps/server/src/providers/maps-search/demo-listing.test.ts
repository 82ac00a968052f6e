import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../places/demo';
import { simulateSearch } from './demo';
import { DEMO_EDIT_EVERY_WEEKS, DEMO_REVIEWS_EPOCH, demoCategoryAt, demoEditWeek, demoReviewsAt, demoReviewsPerMonth } from './demo-listing';
import { hashString } from './demo-random';

const WEEK_MS = 7 * 86_400_000;
const weeks = (n: number, from = new Date('2026-03-02T10:00:00Z')) => Array.from({ length: n }, (_, i) => new Date(from.getTime() + i * WEEK_MS));

describe('demo listing over time (docs/decisions.md §32.3)', () => {
  it('grows every review count at its own pace, from its base at the epoch, never shrinking', () => {
    const seeds = demoCatalogue()
      .slice(0, 20)
      .map((p) => ({ seed: hashString(p.placeId), base: p.totalReviews }));
    for (const { seed, base } of seeds) {
      expect(demoReviewsAt(seed, base, new Date(DEMO_REVIEWS_EPOCH))).toBe(base);
      const counts = weeks(20).map((d) => demoReviewsAt(seed, base, d));
      for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
      if (base > 0) expect(counts.at(-1)!).toBeGreaterThan(counts[0]!);
    }
    // Paces differ between businesses of one size, and a bigger one gains faster on the same draw.
    expect(new Set(seeds.map((s) => demoReviewsPerMonth(s.seed, 100).toFixed(3))).size).toBeGreaterThan(10);
    expect(demoReviewsPerMonth(7, 200)).toBeGreaterThan(demoReviewsPerMonth(7, 20));
    expect(demoReviewsPerMonth(7, 200)).toBeGreaterThanOrEqual(0.4 * 6);
    expect(demoReviewsPerMonth(7, 200)).toBeLessThanOrEqual(1.6 * 6);
  });

  it('shows the edited category exactly one week in six, by turns', () => {
    const seed = hashString('demo-malaga-dentista-1');
    const edited = weeks(DEMO_EDIT_EVERY_WEEKS * 4).map((d) => demoEditWeek(seed, d));
    expect(edited.filter(Boolean)).toHaveLength(4);
    const first = edited.indexOf(true);
    expect(edited.map((e, i) => e === ((i - first) % DEMO_EDIT_EVERY_WEEKS === 0))).not.toContain(false);
    expect(demoCategoryAt(seed, 'Clínica dental', weeks(DEMO_EDIT_EVERY_WEEKS)[first]!)).toBe('Dentista');
    expect(demoCategoryAt(seed, 'Clínica dental', weeks(DEMO_EDIT_EVERY_WEEKS)[(first + 1) % DEMO_EDIT_EVERY_WEEKS]!)).toBe('Clínica dental');
  });

  it('shows the tracked business with its own category whatever the keyword, edited in its week; its competitors never edited', () => {
    const p = demoCatalogue().find((c) => c.placeId === 'demo-malaga-dentista-1')!;
    const target = { placeId: p.placeId, name: p.name, lat: p.lat!, lng: p.lng!, rating: p.rating, totalReviews: p.totalReviews };
    const seed = hashString(p.placeId);
    const all = weeks(DEMO_EDIT_EVERY_WEEKS);
    const editWeek = all.find((d) => demoEditWeek(seed, d))!;
    const plainWeek = all.find((d) => !demoEditWeek(seed, d))!;
    const search = (query: string, now: Date) => simulateSearch({ query, lat: p.lat!, lng: p.lng!, zoom: 13, languageCode: 'es', regionCode: 'ES', target, now });
    const ours = (query: string, now: Date) => search(query, now).organic.find((o) => o.placeId === p.placeId)!;
    expect(ours('dentista', plainWeek).categories).toEqual(['Clínica dental']);
    expect(ours('ortodoncia invisible barata', plainWeek).categories).toEqual(['Clínica dental']);
    expect(ours('dentista', editWeek).categories).toEqual(['Dentista']);
    expect(search('dentista', editWeek).organic.filter((o) => o.placeId !== p.placeId).every((o) => o.categories[0] === 'Clínica dental')).toBe(true);
    expect(ours('dentista', editWeek).userRatingCount).toBe(demoReviewsAt(seed, p.totalReviews, editWeek));
  });
});
