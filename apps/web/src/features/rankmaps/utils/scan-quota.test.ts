import { describe, expect, it } from 'vitest';
import type { ScanQuotaResponse } from '@rankmaps/shared/schemas/rankmaps';
import { quotaView, resetDay } from './scan-quota';

const quota = (fields: Partial<ScanQuotaResponse>): ScanQuotaResponse => ({
  month: '2026-11',
  resetsAt: '2026-11-30T23:00:00.000Z',
  limit: 5,
  used: 0,
  remaining: 5,
  ...fields,
});

describe('quotaView', () => {
  it('when 2 of 5 scans are used, then 3 of 5 are left', () => {
    expect(quotaView(quota({ used: 2, remaining: 3 }), 'profesional')).toEqual({ kind: 'left', remaining: 3, limit: 5 });
  });

  it('when a Profesional subscriber used all 5, then they are used up until 1 December, and Premium gives more', () => {
    const view = quotaView(quota({ used: 5, remaining: 0 }), 'profesional');
    expect(view).toMatchObject({ kind: 'usedUp', limit: 5, upgrade: { kind: 'plan', plan: { id: 'premium' } } });
    expect(view.kind === 'usedUp' && new Date(view.resetsOn).getUTCDate()).toBe(1);
    expect(view.kind === 'usedUp' && new Date(view.resetsOn).getUTCMonth()).toBe(11);
  });

  it('when Premium used its 20, then the agency plans are what gives more', () => {
    expect(quotaView(quota({ limit: 20, used: 20, remaining: 0 }), 'premium')).toMatchObject({
      kind: 'usedUp',
      upgrade: { kind: 'audience', category: 'professional' },
    });
  });

  it('when the plan counts no scans, then nothing is said about them', () => {
    expect(quotaView(quota({ limit: null, remaining: null }), 'pro_starter')).toEqual({ kind: 'uncounted' });
  });
});

describe('resetDay', () => {
  it('when the month is December, then the reset is 1 January of the next year', () => {
    expect(resetDay('2026-12')).toBe('2027-01-01T12:00:00.000Z');
    expect(resetDay('2026-11')).toBe('2026-12-01T12:00:00.000Z');
  });
});
