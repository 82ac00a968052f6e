import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { createMapsSearchProvider } from './index';

const base: Config['mapsSearch'] = {
  provider: 'demo',
  googleApiKey: undefined,
  googleBaseUrl: 'https://places.googleapis.com',
  rateLimitPerMinute: 600,
  concurrency: 4,
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
