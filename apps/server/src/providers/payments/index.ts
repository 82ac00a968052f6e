import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PriceCatalog } from '../../modules/billing/price-catalog';
import type { PaymentsProvider } from './interface';
import { SandboxPayments } from './sandbox';
import { StripePayments } from './stripe';

export interface PaymentsDeps {
  config: Config;
  db: Db;
  prices: PriceCatalog;
}

/** Events are applied by the handler the app's wiring gives to onEvent. */
export function createPaymentsProvider({ config, db, prices }: PaymentsDeps): PaymentsProvider {
  if (config.payments.provider === 'stripe') {
    // loadConfig refuses PAYMENTS_PROVIDER=stripe without the keys, so this only guards the type.
    if (!config.payments.stripe) throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return new StripePayments(config.payments.stripe);
  }
  return new SandboxPayments(db, config.appUrl, prices);
}
