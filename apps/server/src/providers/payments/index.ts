import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PriceCatalog } from '../../modules/billing/price-catalog';
import type { PaymentsProvider } from './interface';
import { SandboxPayments } from './sandbox';
import { StripePayments } from './stripe';
import type { EventLike } from './shapes';

export interface PaymentsDeps {
  config: Config;
  db: Db;
  prices: PriceCatalog;
  /** Applies a provider event (the billing code); the sandbox calls it directly. */
  dispatch: (event: EventLike) => Promise<unknown>;
}

export function createPaymentsProvider({ config, db, prices, dispatch }: PaymentsDeps): PaymentsProvider {
  if (config.payments.provider === 'stripe') {
    // loadConfig refuses PAYMENTS_PROVIDER=stripe without the keys, so this only guards the type.
    if (!config.payments.stripe) throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return new StripePayments(config.payments.stripe);
  }
  return new SandboxPayments(db, config.appUrl, prices, dispatch);
}
