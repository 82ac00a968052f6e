import { randomBytes } from 'node:crypto';

// Tax rates and the taxes of an invoice, for the fake Stripe (fake-stripe.ts), shaped as
// Stripe documents them: https://docs.stripe.com/api/tax_rates/object and the invoice's
// total_taxes, total_excluding_tax and lines[].taxes (https://docs.stripe.com/api/invoices/object).

export type FakeTaxRate = {
  id: string;
  object: 'tax_rate';
  active: boolean;
  country: string | null;
  created: number;
  description: string | null;
  display_name: string;
  effective_percentage: number;
  flat_amount: null;
  inclusive: boolean;
  jurisdiction: string | null;
  jurisdiction_level: null;
  livemode: false;
  metadata: Record<string, string>;
  percentage: number;
  rate_type: 'percentage';
  state: string | null;
  tax_type: string | null;
};

/** POST /v1/tax_rates: the documented required fields are display_name, inclusive and percentage. */
export function createTaxRate(fields: {
  display_name?: string;
  inclusive?: string;
  percentage?: string;
  country?: string;
  description?: string;
  jurisdiction?: string;
  state?: string;
  tax_type?: string;
  metadata?: Record<string, string>;
}): FakeTaxRate | { missing: string } {
  if (!fields.display_name) return { missing: 'display_name' };
  if (fields.inclusive === undefined) return { missing: 'inclusive' };
  if (fields.percentage === undefined) return { missing: 'percentage' };
  const percentage = Number(fields.percentage);
  return {
    id: `txr_test_${randomBytes(12).toString('hex')}`,
    object: 'tax_rate',
    active: true,
    country: fields.country ?? null,
    created: Math.floor(Date.now() / 1000),
    description: fields.description ?? null,
    display_name: fields.display_name,
    effective_percentage: percentage,
    flat_amount: null,
    inclusive: fields.inclusive === 'true',
    jurisdiction: fields.jurisdiction ?? null,
    jurisdiction_level: null,
    livemode: false,
    metadata: fields.metadata ?? {},
    percentage,
    rate_type: 'percentage',
    state: fields.state ?? null,
    tax_type: fields.tax_type ?? null,
  };
}

/** GET /v1/tax_rates filters: active and inclusive, as the list endpoint documents them. */
export function matchesTaxRateFilter(rate: FakeTaxRate, query: { active?: string; inclusive?: string }): boolean {
  if (query.active !== undefined && String(rate.active) !== query.active) return false;
  if (query.inclusive !== undefined && String(rate.inclusive) !== query.inclusive) return false;
  return true;
}

/**
 * The taxes of an amount under tax rates, as an invoice carries them. An inclusive rate takes
 * its part out of the amount (amount × p ÷ (100 + p), rounded); an exclusive one adds to it.
 */
export function invoiceTaxes(amount: number, rates: FakeTaxRate[]) {
  const taxes = rates.map((rate) => {
    const tax = rate.inclusive
      ? Math.round((amount * rate.percentage) / (100 + rate.percentage))
      : Math.round((amount * rate.percentage) / 100);
    return {
      amount: tax,
      tax_behavior: rate.inclusive ? ('inclusive' as const) : ('exclusive' as const),
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated' as const,
      taxable_amount: rate.inclusive ? amount - tax : amount,
      type: 'tax_rate_details' as const,
    };
  });
  const inclusiveTax = taxes.filter((t) => t.tax_behavior === 'inclusive').reduce((sum, t) => sum + t.amount, 0);
  const exclusiveTax = taxes.filter((t) => t.tax_behavior === 'exclusive').reduce((sum, t) => sum + t.amount, 0);
  return { taxes, total: amount + exclusiveTax, totalExcludingTax: amount - inclusiveTax };
}
