import { describe, expect, it } from 'vitest';
import { NO_FILTERS, activityQueryString, rangeIsBackwards } from './activity-query';

describe('the activity filters as a query string', () => {
  it('sends nothing without filters', () => {
    expect(activityQueryString(NO_FILTERS)).toBe('');
  });

  it('sends each filter that is set, in a fixed order', () => {
    expect(activityQueryString({ memberId: 'u-1', kind: 'scan', from: '2026-11-01', to: '2026-11-28' })).toBe(
      '?memberId=u-1&kind=scan&from=2026-11-01&to=2026-11-28',
    );
    expect(activityQueryString({ ...NO_FILTERS, kind: 'member' })).toBe('?kind=member');
    expect(activityQueryString({ ...NO_FILTERS, to: '2026-11-28' })).toBe('?to=2026-11-28');
  });

  it('leaves out a half-typed date', () => {
    expect(activityQueryString({ ...NO_FILTERS, from: '2026-11', to: '28/11/2026' })).toBe('');
  });

  it('adds the cursor of the next page after the filters, encoded', () => {
    expect(activityQueryString({ ...NO_FILTERS, kind: 'share' }, 'abc+/=')).toBe('?kind=share&cursor=abc%2B%2F%3D');
    expect(activityQueryString(NO_FILTERS, null)).toBe('');
  });

  it('tells a backwards range', () => {
    expect(rangeIsBackwards({ ...NO_FILTERS, from: '2026-11-28', to: '2026-11-01' })).toBe(true);
    expect(rangeIsBackwards({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBe(false);
    expect(rangeIsBackwards({ ...NO_FILTERS, from: '2026-11-28' })).toBe(false);
  });
});
