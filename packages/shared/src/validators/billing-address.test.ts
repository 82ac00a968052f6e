import { describe, expect, it } from 'vitest';
import { isSpain, isValidPostalCodeFor, isValidTaxIdFor } from './billing-address';

describe('billing data checked by country', () => {
  it('recognises Spain however the country is written', () => {
    for (const c of ['España', 'espana', ' ESPAÑA ', 'Spain', 'ES']) expect(isSpain(c), c).toBe(true);
    for (const c of ['Portugal', 'France', 'Españita']) expect(isSpain(c), c).toBe(false);
  });

  it('takes a Spanish postal code of 5 digits whose province is 01 to 52', () => {
    for (const code of ['28013', '01001', '52001', '08001']) expect(isValidPostalCodeFor('España', code), code).toBe(true);
  });

  it('refuses "ABC", a wrong length and a province outside 01–52 for Spain', () => {
    for (const code of ['ABC', '2801', '280130', '00123', '53001', '99999', '28 013'])
      expect(isValidPostalCodeFor('España', code), code).toBe(false);
  });

  it("takes other countries' postal codes by shape only", () => {
    for (const [country, code] of [
      ['Portugal', '1000-001'],
      ['Reino Unido', 'SW1A 1AA'],
      ['Francia', '75008'],
      ['Alemania', '10115'],
    ] as const)
      expect(isValidPostalCodeFor(country, code), code).toBe(true);
    for (const code of ['ABC', '1', '¿?', 'X'.repeat(11)]) expect(isValidPostalCodeFor('Francia', code), code).toBe(false);
  });

  it('checks the Spanish tax id exactly and others by shape', () => {
    expect(isValidTaxIdFor('España', '123')).toBe(false);
    expect(isValidTaxIdFor('España', '12345678Z')).toBe(true);
    expect(isValidTaxIdFor('España', '12345678A')).toBe(false);
    // A Portuguese NIF and a French SIREN pass as plausible; "123" does not anywhere.
    expect(isValidTaxIdFor('Portugal', '501964843')).toBe(true);
    expect(isValidTaxIdFor('Francia', 'FR 40 303 265 045')).toBe(true);
    expect(isValidTaxIdFor('Portugal', '123')).toBe(false);
    expect(isValidTaxIdFor('Portugal', 'ABCDEF')).toBe(false);
  });
});
