import { ALL_PRICE_KEYS, CREDIT_PACKAGE, CREDITS_PRICE_KEY, type BillingPeriod, type Plan, type PriceKey, getPlan } from '@rankmaps/shared/plans';
import type { Config } from '../../config';

export type PriceTarget = { kind: 'plan'; plan: Plan; period: BillingPeriod; key: PriceKey } | { kind: 'credits'; credits: number; key: PriceKey };

/**
 * Maps the catalogue to the provider's price ids and back. The sandbox uses readable
 * ids of its own; Stripe's come from STRIPE_PRICES.
 */
export class PriceCatalog {
  private readonly byKey: Map<PriceKey, string>;
  private readonly byId: Map<string, PriceKey>;

  constructor(config: Config) {
    const sandbox = config.payments.provider === 'sandbox';
    this.byKey = new Map(ALL_PRICE_KEYS.map((k) => [k, sandbox ? `price_sandbox_${k}` : (config.payments.prices[k] ?? '')]));
    this.byId = new Map([...this.byKey].filter(([, id]) => id).map(([k, id]) => [id, k]));
  }

  priceId(key: PriceKey): string | undefined {
    return this.byKey.get(key) || undefined;
  }

  /** All configured ids by key, for GET /api/plans. */
  all(): Partial<Record<PriceKey, string>> {
    return Object.fromEntries([...this.byKey].filter(([, id]) => id));
  }

  resolve(priceId: string | null | undefined): PriceTarget | undefined {
    const key = priceId ? this.byId.get(priceId) : undefined;
    if (!key) return undefined;
    if (key === CREDITS_PRICE_KEY) return { kind: 'credits', credits: CREDIT_PACKAGE.credits, key };
    const period: BillingPeriod = key.endsWith('_annual') ? 'annual' : 'monthly';
    const plan = getPlan(key.replace(/_(annual|monthly)$/, ''));
    return plan ? { kind: 'plan', plan, period, key } : undefined;
  }
}
