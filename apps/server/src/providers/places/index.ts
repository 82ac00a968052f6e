import type { Config } from '../../config';
import { createDemoPlacesProvider } from './demo';
import { createGooglePlacesProvider } from './google';
import type { PlacesProvider } from './interface';

export * from './interface';

/** Google Places (New) when a key is configured, the demo catalogue otherwise (docs/decisions.md §4). */
export function createPlacesProvider(config: Pick<Config, 'places'>): PlacesProvider {
  const { googleApiKey, baseUrl } = config.places;
  return googleApiKey ? createGooglePlacesProvider({ apiKey: googleApiKey, baseUrl }) : createDemoPlacesProvider();
}
