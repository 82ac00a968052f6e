import { describe, expect, it } from 'vitest';
import { isValidCif, isValidNie, isValidNif, isValidSpanishTaxId } from './spanish-tax-id';

describe('Spanish tax identifiers', () => {
  it('accepts a DNI/NIF whose letter is its number mod 23, however it is typed', () => {
    // 12345678 mod 23 = 14 → Z; 00000000 → T.
    for (const nif of ['12345678Z', '12345678z', '12.345.678-Z', ' 12345678 Z ', '00000000T']) expect(isValidNif(nif), nif).toBe(true);
  });

  it('refuses a DNI/NIF with the wrong letter, too few digits or no letter', () => {
    for (const nif of ['12345678A', '1234567Z', '12345678', '123', 'Z12345678', '']) expect(isValidNif(nif), nif).toBe(false);
  });

  it('accepts a NIE whose X, Y, Z counts as 0, 1, 2 for the letter', () => {
    // X1234567 → 01234567 mod 23 = 19 → L; Y → 11234567 mod 23 = 10 → X; Z → 21234567 mod 23 = 1 → R.
    for (const nie of ['X1234567L', 'Y1234567X', 'Z1234567R', 'x-1234567-l']) expect(isValidNie(nie), nie).toBe(true);
  });

  it('refuses a NIE with the wrong letter or another initial', () => {
    for (const nie of ['X1234567A', 'W1234567L', 'X123456L', 'X12345678L']) expect(isValidNie(nie), nie).toBe(false);
  });

  it('accepts real company CIFs with a digit or a letter as control', () => {
    // Agencia Tributaria (Q, letter control H); a sociedad limitada B12345674 (digit control 4).
    for (const cif of ['Q2826000H', 'B12345674', 'b-1234567-4', 'A58818501']) expect(isValidCif(cif), cif).toBe(true);
  });

  it('refuses a CIF with the wrong control, the wrong kind of control for its type, or an unknown type', () => {
    // B must end in a digit; Q must end in a letter; I is not a company type.
    for (const cif of ['B12345675', 'B1234567D', 'Q28260008', 'I12345674', 'B1234567']) expect(isValidCif(cif), cif).toBe(false);
  });

  it('takes any of the three and refuses "123"', () => {
    expect(isValidSpanishTaxId('12345678Z')).toBe(true);
    expect(isValidSpanishTaxId('X1234567L')).toBe(true);
    expect(isValidSpanishTaxId('Q2826000H')).toBe(true);
    expect(isValidSpanishTaxId('123')).toBe(false);
  });
});
