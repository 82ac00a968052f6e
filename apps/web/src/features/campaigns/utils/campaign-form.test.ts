import type { Campaign } from '@rankmaps/shared/schemas/campaigns';
import { campaignRequestSchema, campaignRuleError } from '@rankmaps/shared/schemas/campaigns';
import { describe, expect, it } from 'vitest';
import { emptyForm, formOf, requestOf, toggleAll } from './campaign-form';

const NOW = new Date(2026, 10, 26, 10, 0);
const saved = (over: Partial<Campaign>): Campaign =>
  ({
    name: 'Clínicas',
    frequency: 'daily',
    day: null,
    date: null,
    hour: 10,
    window: { start: 9, end: 12 },
    keywordIds: ['k1', 'k2'],
    ...over,
  }) as Campaign;

/** The request as the server reads it: its schema, then the rules between fields. */
const serverError = (body: unknown) => {
  const parsed = campaignRequestSchema.safeParse(body);
  return parsed.success ? campaignRuleError(parsed.data) : parsed.error.issues[0]!.message;
};

describe('the campaign editor’s request', () => {
  it('when each frequency is chosen, then the request carries only the day or date it needs, and the server’s rules accept it', () => {
    const form = { ...emptyForm(NOW), name: 'Clínicas', keywordIds: ['k1'], weekday: 3, monthDay: 15 };
    const cases = [
      ['once', null, '2026-11-27'],
      ['daily', null, null],
      ['weekly', 3, null],
      ['biweekly', 3, null],
      ['monthly', 15, null],
    ] as const;
    for (const [frequency, day, date] of cases) {
      const body = requestOf({ ...form, frequency });
      expect(body, frequency).toMatchObject({ frequency, day, date, hour: 9, window: null });
      expect(serverError(body), frequency).toBeNull();
    }
  });

  it('when a window is asked for, then it is sent, and one that ends before it starts is what the server refuses', () => {
    const form = {
      ...emptyForm(NOW),
      name: 'Clínicas',
      keywordIds: ['k1'],
      frequency: 'daily' as const,
      useWindow: true,
      windowStart: 9,
      windowEnd: 12,
    };
    expect(requestOf(form).window).toEqual({ start: 9, end: 12 });
    expect(serverError(requestOf({ ...form, windowStart: 12, windowEnd: 10, hour: 12 }))).toBe(
      'La ventana horaria debe empezar antes de terminar.',
    );
    expect(requestOf({ ...form, useWindow: false }).window).toBeNull();
  });

  it('when a saved campaign is edited, then its fields come back, and switching frequency and back keeps the weekday', () => {
    const weekly = formOf(saved({ frequency: 'weekly', day: 3, window: null }), NOW);
    expect(weekly).toMatchObject({ frequency: 'weekly', weekday: 3, monthDay: 1, useWindow: false, keywordIds: ['k1', 'k2'] });
    const monthly = requestOf({ ...weekly, frequency: 'monthly' });
    expect(monthly.day).toBe(1);
    expect(requestOf({ ...weekly, frequency: 'weekly' }).day).toBe(3);
    expect(formOf(saved({}), NOW)).toMatchObject({ useWindow: true, windowStart: 9, windowEnd: 12, hour: 10 });
  });

  it('when «todas» is ticked or unticked for a place, then only that place’s keywords change', () => {
    expect(toggleAll(['a1', 'b1'], ['a1', 'a2'], true)).toEqual(['b1', 'a1', 'a2']);
    expect(toggleAll(['a1', 'b1', 'a2'], ['a1', 'a2'], false)).toEqual(['b1']);
  });
});
