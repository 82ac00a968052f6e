// What an invoice says about an amount that includes IVA (docs/billing.md, "Invoices").

/** Spanish IVA, general rate: every RankMaps price includes it. */
export const IVA_PERCENT = 21;

/**
 * The base and the IVA of a total that includes IVA at 21 %, in cents: the base is the total
 * ÷ 1.21 rounded to the cent, and the IVA what is left, so that base + IVA is the total exactly.
 */
export function splitIncludedIva(totalCents: number): { base: number; vat: number } {
  const base = Math.round((totalCents * 100) / (100 + IVA_PERCENT));
  return { base, vat: totalCents - base };
}

/** 'RM-2026-000123': the series and the invoice's place in it, six digits. */
export function invoiceNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(6, '0')}`;
}

/** The calendar year in Spain (peninsular time) of an instant: the year of RankMaps' invoice series. */
export function spanishYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('es-ES', { year: 'numeric', timeZone: 'Europe/Madrid' }).format(at));
}
