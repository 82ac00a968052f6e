import { describe, expect, it } from 'vitest';
import { startFakeMapsVendor } from '../../../test/fake-maps-search';
import type { Config } from '../../config';
import { createMapsSearchProvider } from './index';

const base: Config['mapsSearch'] = {
  provider: 'demo',
  googleApiKey: undefined,
  googleBaseUrl: 'https://places.googleapis.com',
  rateLimitPerMinute: 600,
  concurrency: 4,
  demoLatencyMs: 0,
};

describe('createMapsSearchProvider', () => {
  it('when the configuration names a provider, then that implementation is built', () => {
    expect(createMapsSearchProvider({ mapsSearch: base }).name).toBe('demo');
    expect(
      createMapsSearchProvider({ mapsSearch: { ...base, provider: 'dataforseo', dataforseo: { login: 'l', password: 'p', baseUrl: 'https://api.dataforseo.com' } } }).name,
    ).toBe('dataforseo');
    expect(createMapsSearchProvider({ mapsSearch: { ...base, provider: 'google-places', googleApiKey: 'k' } }).name).toBe('google-places');
  });

  it('when a real provider lacks its credentials, then building it fails with the setting to fix', () => {
    expect(() => createMapsSearchProvider({ mapsSearch: { ...base, provider: 'dataforseo' } })).toThrow(/DATAFORSEO_LOGIN/);
    expect(() => createMapsSearchProvider({ mapsSearch: { ...base, provider: 'google-places' } })).toThrow(/GOOGLE_MAPS_API_KEY/);
  });
});

describe('DataForSEO through the provider index', () => {
  it('when a SERP item cannot be read, then the index logs it as a warning and the provider has its standard queue', async () => {
    const fake = await startFakeMapsVendor(() => ({ fixture: 'dataforseo-live-advanced-dentista.json' }));
    try {
      const warnings: { obj: object; msg: string }[] = [];
      const provider = createMapsSearchProvider(
        { mapsSearch: { ...base, provider: 'dataforseo', dataforseo: { login: 'l', password: 'p', baseUrl: fake.baseUrl } } },
        { warn: (obj, msg) => warnings.push({ obj, msg }) },
      );
      expect(provider.standardQueue?.maxTasksPerPost).toBe(100);
      await provider.search({ query: 'dentista', lat: 36.7213, lng: -4.4214, zoom: 13, languageCode: 'es', regionCode: 'ES' });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toMatch(/^elemento de DataForSEO descartado: elemento ilegible: rank_group/);
      expect(warnings[0]!.obj).toMatchObject({ provider: 'dataforseo', item: { title: 'Clínica Dental Centro Málaga' } });
    } finally {
      await fake.close();
    }
  });
});

describe('demo latency', () => {
  it('when DEMO_SEARCH_LATENCY_MS is set, then each demo search answers that much later with the same results', async () => {
    const slow = createMapsSearchProvider({ mapsSearch: { ...base, demoLatencyMs: 120 } });
    const fast = createMapsSearchProvider({ mapsSearch: { ...base, demoLatencyMs: 0 } });
    const request = { query: 'dentista', lat: 40.4168, lng: -3.7038, zoom: 13, languageCode: 'es', regionCode: 'ES', now: new Date('2026-11-22T10:00:00Z') };
    const started = Date.now();
    const slowResult = await slow.search(request);
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(slowResult).toEqual(await fast.search(request));
  });

  it('when the scan is aborted during the wait, then the search rejects at once', async () => {
    const slow = createMapsSearchProvider({ mapsSearch: { ...base, demoLatencyMs: 5000 } });
    const controller = new AbortController();
    const pending = slow.search({ query: 'dentista', lat: 40.4, lng: -3.7, zoom: 13, languageCode: 'es', regionCode: 'ES' }, controller.signal);
    controller.abort(new Error('cancelado'));
    await expect(pending).rejects.toThrow('cancelado');
  });
});
