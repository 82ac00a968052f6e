import { compactTaxId, isValidSpanishTaxId } from './spanish-tax-id';

// Checks on the billing data that depend on the country (docs/decisions.md §22.5): Spain is
// checked exactly (tax id check characters, postal code and province); elsewhere only a sane
// shape, since each country has its own rules and a false refusal would block a payment.

/** The ways people write Spain in the free-text country field, compared without accents or case. */
const SPAIN_NAMES = new Set(['espana', 'spain', 'es', 'esp', 'reino de espana']);

function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

export function isSpain(country: string): boolean {
  return SPAIN_NAMES.has(folded(country));
}

/** Spanish postal code: 5 digits whose first two are a province, 01 (Álava) to 52 (Melilla). */
export function isValidSpanishPostalCode(raw: string): boolean {
  const code = raw.trim();
  if (!/^\d{5}$/.test(code)) return false;
  const province = Number(code.slice(0, 2));
  return province >= 1 && province <= 52;
}

/** Another country's postal code: 3 to 10 letters, digits, spaces or dashes, with at least one digit (SW1A 1AA, 1000-001, 75008). */
export function isPlausiblePostalCode(raw: string): boolean {
  const code = raw.trim();
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(code) && /\d/.test(code);
}

/** Another country's tax id: 5 to 20 letters and digits once spaces, dots and dashes are removed, with at least 4 digits. */
export function isPlausibleTaxId(raw: string): boolean {
  const id = compactTaxId(raw);
  return /^[A-Z0-9]{5,20}$/.test(id) && (id.match(/\d/g)?.length ?? 0) >= 4;
}

export function isValidTaxIdFor(country: string, taxId: string): boolean {
  return isSpain(country) ? isValidSpanishTaxId(taxId) : isPlausibleTaxId(taxId);
}

export function isValidPostalCodeFor(country: string, postalCode: string): boolean {
  return isSpain(country) ? isValidSpanishPostalCode(postalCode) : isPlausiblePostalCode(postalCode);
}
