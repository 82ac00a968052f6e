import { type Config, ConfigError } from '../../config';
import { createDataForSeoProvider } from './dataforseo';
import { createDemoMapsSearchProvider } from './demo';
import { createGooglePlacesSearchProvider } from './google-places';
import type { MapsSearchProvider } from './interface';
import { withLatency } from './latency';

export * from './interface';

/** Rank data from the provider MAPS_SEARCH_PROVIDER names; the demo simulation by default (docs/decisions.md §4). */
export function createMapsSearchProvider(config: Pick<Config, 'mapsSearch'>): MapsSearchProvider {
  const m = config.mapsSearch;
  switch (m.provider) {
    case 'dataforseo':
      if (!m.dataforseo) throw new ConfigError('DATAFORSEO_LOGIN/DATAFORSEO_PASSWORD: son obligatorias con MAPS_SEARCH_PROVIDER=dataforseo');
      return createDataForSeoProvider(m.dataforseo);
    case 'google-places':
      if (!m.googleApiKey) throw new ConfigError('GOOGLE_MAPS_API_KEY: es obligatoria con MAPS_SEARCH_PROVIDER=google-places');
      return createGooglePlacesSearchProvider({ apiKey: m.googleApiKey, baseUrl: m.googleBaseUrl });
    case 'demo':
      return m.demoLatencyMs > 0 ? withLatency(createDemoMapsSearchProvider(), m.demoLatencyMs) : createDemoMapsSearchProvider();
  }
}
