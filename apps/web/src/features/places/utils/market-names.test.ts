import { describe, expect, it } from 'vitest';
import { countryName, countryOptions, languageName, languageOptions } from './market-names';

describe('market names', () => {
  it('when a market is shown in Spanish, then the country and language are named in Spanish', () => {
    expect(countryName('US', 'es')).toBe('Estados Unidos');
    expect(countryName('GB', 'es')).toBe('Reino Unido');
    expect(languageName('en', 'es')).toBe('Inglés');
    expect(languageName('pt', 'es')).toBe('Portugués');
  });

  it('when the lists are built, then every country and language is there once, sorted by its Spanish name', () => {
    const countries = countryOptions('es');
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((c) => c.value)).size).toBe(249);
    const labels = countries.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'es')));
    expect(countries.find((c) => c.value === 'MX')?.label).toBe('México');
    const languages = languageOptions('es');
    expect(languages.find((l) => l.value === 'ca')?.label).toBe('Catalán');
    expect(languages.every((l) => l.label !== l.value)).toBe(true);
  });
});
