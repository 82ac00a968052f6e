import { type Config, ConfigError } from '../../config';
import { createDemoGbpProvider } from './demo';
import { createGoogleGbpProvider } from './google';
import type { GbpProvider } from './interface';

export * from './interface';

/** Google's OAuth and Business Profile APIs when configured, the demo connection otherwise (docs/decisions.md §20). */
export function createGbpProvider(config: Pick<Config, 'gbp'>): GbpProvider {
  if (config.gbp.provider === 'demo') return createDemoGbpProvider();
  if (!config.gbp.google) throw new ConfigError('GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: son obligatorias con GBP_PROVIDER=google');
  return createGoogleGbpProvider(config.gbp.google);
}
