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

  it('when a business abroad is searched by its local or Spanish category word, then it comes back with its country and a local address', async () => {
    const byLocal = await provider.autocomplete('dentist austin');
    const bySpanish = await provider.autocomplete('dentista Austin');
    expect(byLocal.map((s) => s.placeId)).toEqual(['demo-austin-dentista-1', 'demo-austin-dentista-2']);
    expect(bySpanish.map((s) => s.placeId)).toEqual(byLocal.map((s) => s.placeId));
    expect(byLocal[0]!.address).toMatch(/^\d+ [A-Za-z0-9 ]+, Austin, TX 787\d\d, USA$/);
    expect(await provider.details('demo-austin-dentista-1')).toMatchObject({ countryCode: 'US', name: 'Congress Avenue Dental' });
    expect((await provider.autocomplete('restaurante londres')).every((s) => s.address.endsWith(', UK'))).toBe(true);
    expect((await provider.details('demo-lisboa-restaurante-1')).address).toMatch(/, 1\d00-\d{3} Lisboa, Portugal$/);
  });

  it('when every business is listed, then Spain\'s are ES and the ones abroad carry their own country', () => {
    const countries = new Set(demoCatalogue().map((p) => p.countryCode));
    expect([...countries].sort()).toEqual(['ES', 'FR', 'GB', 'MX', 'PT', 'US']);
    for (const p of demoCatalogue()) if (p.address.endsWith('España')) expect(p.countryCode).toBe('ES');
  });

  it('when a city abroad is typed for a service area, then it is found by its name or its Spanish one', async () => {
    expect(await provider.locate('Londres')).toEqual([{ label: 'London, UK', lat: 51.5074, lng: -0.1278 }]);
    expect((await provider.locate('cdmx')).map((a) => a.label)).toEqual(['Ciudad de México, México']);
  });
});
