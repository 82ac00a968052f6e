import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PriceCatalog } from '../modules/billing/price-catalog';
import { type AiEngineCatalogue, createAiEngineCatalogue } from './ai-answers';
import { createCaptchaProvider } from './captcha';
import type { CaptchaProvider } from './captcha/interface';
import { createMailTransport } from './email';
import type { MailTransport } from './email/interface';
import { type GbpProvider, createGbpProvider } from './gbp';
import { type MapsSearchProvider, createMapsSearchProvider } from './maps-search';
import { createPaymentsProvider } from './payments';
import type { PaymentsProvider } from './payments/interface';
import { type PlacesProvider, createPlacesProvider } from './places';
import { createFileStorage } from './storage';
import type { FileStorage } from './storage/interface';

/** One implementation of each external service, picked from the configuration. */
export interface Providers {
  /** Business search and details (the add-a-business wizard). */
  places: PlacesProvider;
  /** Rank data for each point of a scan. */
  mapsSearch: MapsSearchProvider;
  /** The AI answer engines of an AI-visibility analysis (docs/decisions.md §31.1). */
  aiEngines: AiEngineCatalogue;
  /** Google Business Profile: OAuth and performance data. */
  gbp: GbpProvider;
  mail: MailTransport;
  captcha: CaptchaProvider;
  payments: PaymentsProvider;
  storage: FileStorage;
}

export interface ProvidersDeps {
  /** Where the sandbox payments and ALTCHA keep their state. */
  db: Db;
  log: Logger;
  prices: PriceCatalog;
  /** HMAC key that signs ALTCHA challenges (configured, or generated once and stored). */
  altchaKey: string;
}

/**
 * Builds every provider once per process, from the configuration: the only place that does,
 * so the API, the workers and /api/health all see the same ones.
 */
export function createProviders(config: Config, { db, log, prices, altchaKey }: ProvidersDeps): Providers {
  return {
    places: createPlacesProvider(config),
    mapsSearch: createMapsSearchProvider(config, log),
    aiEngines: createAiEngineCatalogue(config, log),
    gbp: createGbpProvider(config),
    mail: createMailTransport(config, log),
    captcha: createCaptchaProvider(config, { hmacKey: altchaKey, db, log }),
    payments: createPaymentsProvider({ config, db, prices }),
    storage: createFileStorage(config),
  };
}
