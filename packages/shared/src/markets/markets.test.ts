import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from './countries';
import { COUNTRIES_WITH_LANGUAGE, SEARCH_LANGUAGES, defaultLanguageFor, isSearchLanguage } from './languages';

describe('markets: countries and search languages', () => {
  it('when the country list is read, then it holds the 249 ISO 3166-1 codes, each two capitals, once', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(isCountryCode('ES')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('es')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
  });

  it.each([
    ['ES', 'es'], ['US', 'en'], ['GB', 'en'], ['MX', 'es'], ['AR', 'es'], ['CO', 'es'], ['FR', 'fr'], ['DE', 'de'],
    ['IT', 'it'], ['PT', 'pt'], ['BR', 'pt'], ['NL', 'nl'], ['AD', 'ca'], ['pt', 'pt'],
  ])('when a place is in %s, then it is searched in %s', (country, language) => {
    expect(defaultLanguageFor(country)).toBe(language);
  });

  it('when the country is unlisted or unknown, then the search language is English', () => {
    expect(defaultLanguageFor('KE')).toBe('en');
    expect(defaultLanguageFor('XX')).toBe('en');
    expect(defaultLanguageFor('')).toBe('en');
  });

  it('when the table is read, then every country is a real one and every language is supported', () => {
    expect(COUNTRIES_WITH_LANGUAGE.every(isCountryCode)).toBe(true);
    for (const c of COUNTRIES_WITH_LANGUAGE) expect(isSearchLanguage(defaultLanguageFor(c))).toBe(true);
    expect(new Set(SEARCH_LANGUAGES).size).toBe(SEARCH_LANGUAGES.length);
    expect(SEARCH_LANGUAGES.every((l) => /^[a-z]{2}$/.test(l))).toBe(true);
    expect(isSearchLanguage('zh')).toBe(false);
    expect(isSearchLanguage('ES')).toBe(false);
  });

  it('when a country or language is named in Spanish by Intl, then each has a name of its own', () => {
    const regions = new Intl.DisplayNames('es', { type: 'region' });
    const languages = new Intl.DisplayNames('es', { type: 'language' });
    expect(regions.of('US')).toBe('Estados Unidos');
    expect(languages.of('en')).toBe('inglés');
    for (const l of SEARCH_LANGUAGES) expect(languages.of(l)).not.toBe(l);
  });
});
