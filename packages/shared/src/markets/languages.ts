import { isCountryCode } from './countries';

/**
 * Search languages a market may use (ISO 639-1). Each one is in both vendors' lists:
 * Google Maps Platform's supported languages (https://developers.google.com/maps/faq#languagesupport)
 * and DataForSEO's Google languages (https://docs.dataforseo.com/v3/serp/google/languages/).
 * Chinese and Hebrew are left out: the vendors name them by region or legacy codes, not ISO 639-1.
 */
export const SEARCH_LANGUAGES = [
  'es', 'en', 'fr', 'de', 'it', 'pt', 'nl', 'ca', 'eu', 'gl',
  'pl', 'sv', 'da', 'fi', 'no', 'cs', 'sk', 'ro', 'hu', 'el',
  'tr', 'ru', 'uk', 'bg', 'hr', 'sl', 'lt', 'lv', 'et', 'ja',
  'ko', 'ar', 'hi', 'id', 'th', 'vi',
] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** A country's main language as Google answers there (docs/decisions.md §21.3). Unlisted countries get English. */
const COUNTRY_LANGUAGE: Readonly<Record<string, SearchLanguage>> = {
  // Spanish-speaking
  ES: 'es', MX: 'es', AR: 'es', CO: 'es', CL: 'es', PE: 'es', VE: 'es', EC: 'es', GT: 'es', CU: 'es', BO: 'es',
  DO: 'es', HN: 'es', PY: 'es', SV: 'es', NI: 'es', CR: 'es', PA: 'es', UY: 'es', PR: 'es', GQ: 'es',
  // Catalan is Andorra's only official language.
  AD: 'ca',
  // English-speaking (India and the Philippines search mostly in English on Google)
  US: 'en', GB: 'en', IE: 'en', CA: 'en', AU: 'en', NZ: 'en', ZA: 'en', IN: 'en', PH: 'en', SG: 'en', MT: 'en', GI: 'en',
  // French, German, Italian, Portuguese, Dutch
  FR: 'fr', LU: 'fr', MC: 'fr', SN: 'fr', CI: 'fr', MA: 'fr', TN: 'fr',
  DE: 'de', AT: 'de', CH: 'de', LI: 'de',
  IT: 'it', SM: 'it', VA: 'it',
  PT: 'pt', BR: 'pt', AO: 'pt', MZ: 'pt', CV: 'pt',
  // Belgium: Dutch is the language of most Belgians (Flanders and Brussels searches vary).
  NL: 'nl', BE: 'nl',
  // The rest of Europe
  PL: 'pl', SE: 'sv', DK: 'da', FI: 'fi', NO: 'no', CZ: 'cs', SK: 'sk', RO: 'ro', MD: 'ro', HU: 'hu', GR: 'el', CY: 'el',
  TR: 'tr', RU: 'ru', UA: 'uk', BG: 'bg', HR: 'hr', SI: 'sl', LT: 'lt', LV: 'lv', EE: 'et',
  // Asia and the Middle East
  JP: 'ja', KR: 'ko', ID: 'id', TH: 'th', VN: 'vi',
  AE: 'ar', SA: 'ar', EG: 'ar', QA: 'ar', KW: 'ar', JO: 'ar', DZ: 'ar',
};

export const FALLBACK_LANGUAGE: SearchLanguage = 'en';

const SUPPORTED = new Set<string>(SEARCH_LANGUAGES);

export function isSearchLanguage(code: string): code is SearchLanguage {
  return SUPPORTED.has(code);
}

/** The language a new place in this country is searched in: its main language, English when unlisted or unknown. */
export function defaultLanguageFor(countryCode: string): SearchLanguage {
  const code = countryCode.toUpperCase();
  return (isCountryCode(code) ? COUNTRY_LANGUAGE[code] : undefined) ?? FALLBACK_LANGUAGE;
}

/** Every country the table names, for tests and docs. */
export const COUNTRIES_WITH_LANGUAGE: readonly string[] = Object.keys(COUNTRY_LANGUAGE);
