import { describe, expect, it } from 'vitest';
import { creditsEurosNote, withCreditEuros } from './credit-euros';

describe('credits in euros', () => {
  it('writes the euro value at 0,04 € a credit, to the cent, in the interface language', () => {
    expect(creditsEurosNote(49, 'es')).toBe('(≈ 1,96\u00a0€)');
    expect(creditsEurosNote(1500, 'es')).toBe('(≈ 60,00\u00a0€)');
    expect(creditsEurosNote(49, 'en')).toBe('(≈ €1.96)');
  });

  it('puts the note after the caller’s quote: «49 créditos (≈ 1,96 €)»', () => {
    expect(withCreditEuros('49 créditos', 49, 'es')).toBe('49 créditos (≈ 1,96\u00a0€)');
    expect(withCreditEuros('Coste: 625 créditos', 625, 'es')).toBe('Coste: 625 créditos (≈ 25,00\u00a0€)');
  });
});
