import { COUNTRY_CODES } from '@rankmaps/shared/markets/countries';
import { SEARCH_LANGUAGES } from '@rankmaps/shared/markets/languages';

export interface MarketOption {
  value: string;
  label: string;
}

// Intl.DisplayNames objects are costly to make and the lists never change for a language.
const cache = new Map<string, { regions: Intl.DisplayNames; languages: Intl.DisplayNames; countries: MarketOption[]; searchLanguages: MarketOption[] }>();

const capitalised = (s: string) => (s ? s.charAt(0).toLocaleUpperCase() + s.slice(1) : s);

function namesFor(locale: string) {
  let names = cache.get(locale);
  if (!names) {
    const regions = new Intl.DisplayNames(locale, { type: 'region', fallback: 'code' });
    const languages = new Intl.DisplayNames(locale, { type: 'language', fallback: 'code' });
    const byLabel = (a: MarketOption, b: MarketOption) => a.label.localeCompare(b.label, locale);
    names = {
      regions,
      languages,
      countries: COUNTRY_CODES.map((code) => ({ value: code, label: regions.of(code) ?? code })).sort(byLabel),
      searchLanguages: SEARCH_LANGUAGES.map((code) => ({ value: code, label: capitalised(languages.of(code) ?? code) })).sort(byLabel),
    };
    cache.set(locale, names);
  }
  return names;
}

/** A country's name in the interface language ('US' → 'Estados Unidos'). */
export const countryName = (code: string, locale: string) => namesFor(locale).regions.of(code) ?? code;

/** A language's name in the interface language, capitalised ('en' → 'Inglés'). */
export const languageName = (code: string, locale: string) => capitalised(namesFor(locale).languages.of(code) ?? code);

/** Every country, sorted by its name in the interface language. */
export const countryOptions = (locale: string) => namesFor(locale).countries;

/** Every supported search language, sorted by its name in the interface language. */
export const languageOptions = (locale: string) => namesFor(locale).searchLanguages;
