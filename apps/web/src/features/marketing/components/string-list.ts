/** Strings under an i18n key that holds a list (paragraphs, bullet points). */
export function asStringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
