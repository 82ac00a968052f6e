import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// i18n runs without a fallback language, so each namespace must have the same keys in
// Spanish and English. The legal documents are the one exception: they exist only in
// Spanish and the page reads them in Spanish whatever the interface language.
const dir = import.meta.dirname;
const SPANISH_ONLY_PREFIXES: Record<string, string[]> = { legal: ['entity.', 'docs.', 'docUpdated'] };

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const load = (lang: string, file: string) => flatKeys(JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8'))).sort();

describe('message catalogues', () => {
  const esFiles = readdirSync(path.join(dir, 'es')).filter((f) => f.endsWith('.json'));

  it('has the same namespaces in both languages', () => {
    expect(readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json')).sort()).toEqual([...esFiles].sort());
  });

  for (const file of esFiles) {
    it(`has the same keys in es and en: ${file}`, () => {
      const ns = file.replace(/\.json$/, '');
      const skip = (k: string) => (SPANISH_ONLY_PREFIXES[ns] ?? []).some((p) => k.startsWith(p));
      expect(load('en', file).filter((k) => !skip(k))).toEqual(load('es', file).filter((k) => !skip(k)));
    });
  }
});
