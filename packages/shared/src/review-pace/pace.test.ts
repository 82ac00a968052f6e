import { describe, expect, it } from 'vitest';
import { reviewPaceFinding } from './finding';
import { DAYS_PER_MONTH, catchUp, dailyValues, reviewPace, reviewsPerMonth } from './pace';

const TZ = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);
const obs = (iso: string, reviews: number, rating: number | null = 4.5) => ({ at: at(iso), rating, reviews });

describe('dailyValues', () => {
  it('keeps one point per day in the business’s time zone, the highest count of the day with its rating', () => {
    const days = dailyValues([obs('2026-03-01T10:00:00Z', 40, 4.4), obs('2026-03-01T18:00:00Z', 42, 4.5), obs('2026-03-01T12:00:00Z', 41), obs('2026-02-28T23:30:00Z', 39)], TZ);
    // 23:30 UTC on the 28th is already the 1st in Madrid.
    expect(days).toEqual([{ day: '2026-03-01', rating: 4.5, reviews: 42 }]);
  });

  it('sorts the days oldest first', () => {
    expect(dailyValues([obs('2026-03-10T10:00:00Z', 50), obs('2026-03-01T10:00:00Z', 40)], TZ).map((d) => d.day)).toEqual(['2026-03-01', '2026-03-10']);
  });
});

describe('reviewsPerMonth', () => {
  it('is null with fewer than 2 days in the window', () => {
    expect(reviewsPerMonth([{ day: '2026-03-01', rating: 4, reviews: 10 }], '2026-03-01')).toBeNull();
    // A day 90 days before the last is outside the window.
    expect(reviewsPerMonth([{ day: '2025-12-01', rating: 4, reviews: 5 }, { day: '2026-03-01', rating: 4, reviews: 10 }], '2026-03-01')).toBeNull();
  });

  it('is the least-squares slope per day times the days of a month', () => {
    const days = [
      { day: '2026-01-01', rating: 4, reviews: 10 },
      { day: '2026-01-11', rating: 4, reviews: 20 },
      { day: '2026-01-21', rating: 4, reviews: 24 },
    ];
    // Slope: x = 0, 10, 20; y = 10, 20, 24 → 14 / 20 = 0.7 a day.
    expect(reviewsPerMonth(days, '2026-01-21')).toBeCloseTo(0.7 * DAYS_PER_MONTH, 10);
  });
});

describe('catchUp', () => {
  it('says leader, months rounded up to a decimal, never, or unknown', () => {
    expect(catchUp(0, null, null)).toEqual({ kind: 'leader' });
    expect(catchUp(10, 5, 2)).toEqual({ kind: 'months', months: 3.4 });
    expect(catchUp(9, 5, 2)).toEqual({ kind: 'months', months: 3 });
    expect(catchUp(10, 2, 2)).toEqual({ kind: 'never' });
    expect(catchUp(10, 1, 2)).toEqual({ kind: 'never' });
    expect(catchUp(10, null, 2)).toEqual({ kind: 'unknown' });
    expect(catchUp(10, 3, null)).toEqual({ kind: 'unknown' });
  });
});

describe('reviewPace', () => {
  it('names the leader (ours on a tie), every gap, and each row’s catch-up', () => {
    const s = reviewPace(
      [
        { id: 'ours', name: 'Tú', isOurs: true, observations: [obs('2026-01-05T10:00:00Z', 50), obs('2026-02-04T10:00:00Z', 60)] },
        { id: 'a', name: 'A', isOurs: false, observations: [obs('2026-01-05T10:00:00Z', 60), obs('2026-02-04T10:00:00Z', 60)] },
        { id: 'b', name: 'B', isOurs: false, observations: [] },
      ],
      TZ,
    );
    expect(s.leaderId).toBe('ours');
    expect(s.rows.map((r) => [r.id, r.gapToLeader, r.catchUp.kind])).toEqual([
      ['ours', 0, 'leader'],
      ['a', 0, 'leader'],
      ['b', null, 'unknown'],
    ]);
    expect(s.rows[2]).toMatchObject({ rating: null, reviews: null, reviewsPerMonth: null, days: [] });
  });

  it('has no leader when nobody was seen', () => {
    expect(reviewPace([{ id: 'ours', name: 'Tú', isOurs: true, observations: [] }], TZ)).toMatchObject({ leaderId: null, rows: [{ catchUp: { kind: 'unknown' } }] });
  });
});

// The worked example of docs/metrics.md §13, computed.
describe('docs/metrics.md §13 worked example', () => {
  const summary = reviewPace(
    [
      { id: 'ours', name: 'Clínica Dental Sonrisa', isOurs: true, observations: [obs('2026-01-05T09:00:00Z', 40, 4.6), obs('2026-02-04T09:00:00Z', 43, 4.6), obs('2026-03-06T09:00:00Z', 46, 4.7)] },
      { id: 'x', name: 'Clínica X', isOurs: false, observations: [obs('2026-01-05T09:00:00Z', 100, 4.8), obs('2026-02-04T09:00:00Z', 112, 4.8), obs('2026-03-06T09:00:00Z', 124, 4.8)] },
      { id: 'y', name: 'Dental Y', isOurs: false, observations: [obs('2026-01-05T09:00:00Z', 60, 4.3), obs('2026-02-04T09:00:00Z', 75, 4.3), obs('2026-03-06T09:00:00Z', 90, 4.4)] },
    ],
    TZ,
  );
  const [ours, x, y] = summary.rows;

  it('computes the figures the example states', () => {
    expect(summary.leaderId).toBe('x');
    expect(ours!.reviewsPerMonth).toBeCloseTo(3.04375, 10);
    expect(x!.reviewsPerMonth).toBeCloseTo(12.175, 10);
    expect(y!.reviewsPerMonth).toBeCloseTo(15.21875, 10);
    expect([ours!.gapToLeader, y!.gapToLeader]).toEqual([78, 34]);
    expect(ours!.catchUp).toEqual({ kind: 'never' });
    expect(y!.catchUp).toEqual({ kind: 'months', months: 11.2 });
  });

  it('writes the finding the example quotes', () => {
    expect(reviewPaceFinding(summary)?.text).toBe('Clínica X gana 12,2 reseñas al mes y tú 3: a este ritmo no la alcanzarás (te saca 78).');
  });
});

describe('reviewPaceFinding', () => {
  const row = (id: string, isOurs: boolean, pts: [string, number][]) => ({ id, name: id === 'ours' ? 'Tú' : `Clínica ${id}`, isOurs, observations: pts.map(([d, n]) => obs(`${d}T10:00:00Z`, n)) });

  it('gives the months when we are catching up, and praises the leader', () => {
    const catching = reviewPace([row('ours', true, [['2026-01-01', 10], ['2026-01-31', 40]]), row('Z', false, [['2026-01-01', 50], ['2026-01-31', 60]])], TZ);
    expect(reviewPaceFinding(catching)?.text).toBe('Clínica Z tiene 20 reseñas más que tú y gana 10,1 al mes; tú, 30,4. A este ritmo la alcanzarás en un mes o menos.');
    expect(reviewPaceFinding(catching)?.figures).toMatchObject({ gap: 20, months: 1 });
    const leading = reviewPace([row('ours', true, [['2026-01-01', 70], ['2026-01-31', 80]]), row('Z', false, [['2026-01-01', 50], ['2026-01-31', 60]])], TZ);
    expect(reviewPaceFinding(leading)?.text).toBe('Eres el negocio con más reseñas de los que sigues (80) y ganas 10,1 al mes.');
  });

  it('says nothing without both paces', () => {
    const oneDay = reviewPace([row('ours', true, [['2026-01-01', 10]]), row('Z', false, [['2026-01-01', 50], ['2026-01-31', 60]])], TZ);
    expect(reviewPaceFinding(oneDay)).toBeNull();
  });
});

