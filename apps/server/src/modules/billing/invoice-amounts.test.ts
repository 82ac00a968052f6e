import { describe, expect, it } from 'vitest';
import { invoiceNumber, splitIncludedIva, spanishYear } from './invoice-amounts';

describe('the IVA included in a price', () => {
  it('splits the catalogue prices into a base (÷ 1.21, to the cent) and IVA that add up to the price', () => {
    expect(splitIncludedIva(2900)).toEqual({ base: 2397, vat: 503 });
    expect(splitIncludedIva(2000)).toEqual({ base: 1653, vat: 347 });
    expect(splitIncludedIva(190_800)).toEqual({ base: 157_686, vat: 33_114 });
  });

  it('keeps base + IVA equal to the total for every amount up to 1.000 €', () => {
    const wrong: number[] = [];
    for (let total = 1; total <= 100_000; total += 1) {
      const { base, vat } = splitIncludedIva(total);
      // The base is the nearest cent to total ÷ 1.21: base × 1.21 is within 1.21 / 2 cents of the total.
      if (base + vat !== total || vat < 0 || Math.abs(base * 1.21 - total) > 0.605) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });
});

describe('invoice numbers', () => {
  it('pads the place in the series to six digits', () => {
    expect(invoiceNumber('RM-2026', 123)).toBe('RM-2026-000123');
  });

  it('takes the year on the Spanish calendar: New Year in Madrid comes before it does in UTC', () => {
    expect(spanishYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(spanishYear(new Date('2026-12-31T22:30:00+02:00'))).toBe(2026);
  });
});
