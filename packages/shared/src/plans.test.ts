import { describe, expect, it } from 'vitest';
import { PLANS, allowedGridSizes, annualSavings, annualTotal, getPlan, maxMonthsFreeAnnual } from './plans';

describe('plan catalogue', () => {
  it('derives the annual savings the spec lists: 60/120/240 and 120/240/480', () => {
    expect(PLANS.map(annualSavings)).toEqual([60, 120, 240, 120, 240, 480]);
  });

  it('derives the annual total as the annual price times 12', () => {
    expect(annualTotal(getPlan('pro_agency')!)).toBe(948);
  });

  it('offers only odd grid sizes up to the plan maximum', () => {
    expect(allowedGridSizes(getPlan('basico')!)).toEqual([3, 5, 7]);
    expect(allowedGridSizes(getPlan('pro_agency')!)).toEqual([3, 5, 7, 9, 11, 13, 15, 17, 19, 21]);
    expect(PLANS.every((p) => p.limits.gridSize % 2 === 1)).toBe(true);
  });

  it('gives Básico one place, as docs/decisions.md §1 settles against the FAQ', () => {
    expect(getPlan('basico')!.limits.places).toBe(1);
  });

  it('supports the "up to 2 months free" claim', () => {
    expect(maxMonthsFreeAnnual()).toBe(2);
  });
});
