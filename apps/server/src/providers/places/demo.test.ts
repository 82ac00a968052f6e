import { describe, expect, it } from 'vitest';
import { createDemoPlacesProvider, demoCatalogue, normalise } from './demo';

describe('demo places catalogue', () => {
  const provider = createDemoPlacesProvider();

  it('when built twice, then ids, names and coordinates are the same', () => {
    expect(demoCatalogue()).toEqual(demoCatalogue());
    expect(new Set(demoCatalogue().map((p) => p.placeId)).size).toBe(demoCatalogue().length);
  });

  it('when a business has an address point, then it lies within a few km of its city centre; service-area ones have none', () => {
    const malaga = demoCatalogue().filter((p) => p.placeId.startsWith('demo-malaga-'));
    for (const p of malaga) {
      if (p.serviceArea) {
        expect([p.lat, p.lng]).toEqual([null, null]);
      } else {
        expect(Math.abs((p.lat ?? 0) - 36.7213)).toBeLessThan(0.03);
        expect(Math.abs((p.lng ?? 0) - -4.4214)).toBeLessThan(0.04);
      }
    }
    expect(malaga.some((p) => p.serviceArea && p.placeId.includes('fontanero'))).toBe(true);
  });

  it('when searching with accents, case or the category word, then the matching businesses come back', async () => {
    expect(normalise('A Coruña Cádiz')).toBe('a coruna cadiz');
    const found = await provider.autocomplete('CERRAJERO cadiz');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => s.placeId.startsWith('demo-cadiz-cerrajero-'))).toBe(true);
    expect(await provider.autocomplete('   ')).toEqual([]);
  });

  it('when details are asked for an unknown id, then it rejects with a not-found error', async () => {
    await expect(provider.details('demo-nowhere-x')).rejects.toThrow('No se ha encontrado el negocio');
  });
});
