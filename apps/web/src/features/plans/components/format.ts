/** Euros in the reader's language: "24 €" in Spanish, "€24" in English. */
export function formatEuro(amount: number, language: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}
