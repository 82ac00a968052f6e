/**
 * Plan credits are granted monthly, whatever the billing period. For an annual
 * subscription, month n of the paid year runs from periodStart + n months; its grant is
 * keyed by subscription, period and month, so each month is granted once.
 */
export function planCreditPeriod(input: { subscriptionId: string; periodStart: Date; billingPeriod: 'monthly' | 'annual'; at: Date }) {
  const { periodStart, at } = input;
  let month = (at.getUTCFullYear() - periodStart.getUTCFullYear()) * 12 + (at.getUTCMonth() - periodStart.getUTCMonth());
  const startOf = (n: number) => {
    const d = new Date(periodStart);
    d.setUTCMonth(d.getUTCMonth() + n);
    return d;
  };
  if (startOf(month) > at) month -= 1;
  month = Math.max(0, Math.min(11, month));
  return {
    month,
    start: startOf(month),
    end: startOf(month + 1),
    reference: `${input.subscriptionId}:${periodStart.toISOString()}:m${month}`,
  };
}
