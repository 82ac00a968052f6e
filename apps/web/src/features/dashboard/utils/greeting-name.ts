import type { Profile } from '@rankmaps/shared/schemas/profile';

// Whom the dashboard greets (issue 27 item 7): a person by their first name, and nobody by name
// when the account's name is a company's («Hola, Agencia.» read as a slip). An agency often signs
// up under its trade name, so the name is a company's when the billing data says so, or when it
// carries a company's words.

const COMPANY_WORDS =
  /\b(s\.?\s?l\.?(u\.?)?|s\.?\s?a\.?(u\.?)?|s\.?\s?c\.?|s\.?\s?coop\.?|c\.?\s?b\.?|ltd|llc|inc|gmbh|agencia|agency|marketing|digital|media|medios|comunicaci[oó]n|publicidad|studio|estudio|consulting|consultor[ií]a|asesor[ií]a|group|grupo|solutions|soluciones|servicios|partners|seo|sem|web|online|labs?)\b/i;

export function looksLikeCompany(name: string, billing: Profile['billingData']): boolean {
  const trimmed = name.trim();
  if (billing?.type === 'business' && billing.fiscalName.trim().toLowerCase() === trimmed.toLowerCase()) return true;
  return COMPANY_WORDS.test(trimmed) || /[0-9&@]/.test(trimmed);
}

/** The name to greet, or null for a neutral greeting. */
export function greetingName(profile: Pick<Profile, 'name' | 'firstName' | 'billingData'>): string | null {
  const first = profile.firstName?.trim();
  if (first) return first;
  if (!profile.name.trim() || looksLikeCompany(profile.name, profile.billingData)) return null;
  return profile.name.trim().split(/\s+/)[0]!;
}
