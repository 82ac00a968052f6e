import { type Config, ConfigError } from '../../config';
import { createDataForSeoProvider } from './dataforseo';
import { createDemoMapsSearchProvider } from './demo';
import { createGooglePlacesSearchProvider } from './google-places';
import type { MapsSearchProvider } from './interface';
import { withLatency } from './latency';
import { withMetering } from './metered';

export * from './interface';

/** Where a real provider reports what it could not read (the container's log). */
export type MapsSearchLog = { warn(obj: object, msg: string): void };

/** Rank data from the provider MAPS_SEARCH_PROVIDER names; the demo simulation by default (docs/decisions.md §4). */
export function createMapsSearchProvider(config: Pick<Config, 'mapsSearch'>, log?: MapsSearchLog): MapsSearchProvider {
  // Every vendor call counted for /metrics (docs/operations.md "Metrics").
  return withMetering(createUnmeteredProvider(config, log));
}

function createUnmeteredProvider(config: Pick<Config, 'mapsSearch'>, log?: MapsSearchLog): MapsSearchProvider {
  const m = config.mapsSearch;
  switch (m.provider) {
    case 'dataforseo':
      if (!m.dataforseo) throw new ConfigError('DATAFORSEO_LOGIN/DATAFORSEO_PASSWORD: son obligatorias con MAPS_SEARCH_PROVIDER=dataforseo');
      return createDataForSeoProvider({
        ...m.dataforseo,
        // A SERP item we cannot read is left out and its neighbours keep their rank; someone should know.
        onOddItem: (item, reason) => log?.warn({ provider: 'dataforseo', item }, `elemento de DataForSEO descartado: ${reason}`),
      });
    case 'google-places':
      if (!m.googleApiKey) throw new ConfigError('GOOGLE_MAPS_API_KEY: es obligatoria con MAPS_SEARCH_PROVIDER=google-places');
      return createGooglePlacesSearchProvider({ apiKey: m.googleApiKey, baseUrl: m.googleBaseUrl });
    case 'demo':
      return m.demoLatencyMs > 0 ? withLatency(createDemoMapsSearchProvider(), m.demoLatencyMs) : createDemoMapsSearchProvider();
  }
}
