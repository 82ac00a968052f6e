/** Euros in the reader's language: "24 €" in Spanish, "€24" in English. */
export function formatEuro(amount: number, language: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'es-ES', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** Strings under an i18n key that holds a list (paragraphs, bullet points). */
export function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
