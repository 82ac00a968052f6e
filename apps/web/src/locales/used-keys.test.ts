import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '@rankmaps/shared/messages';
import { type KeyUse, catalogueKeys, keyUses, resolves, sourceFiles } from './key-usage';

// Issue 27 item 7: a key the code asks for that a catalogue lacks shows raw on screen («columns.trend»
// in «Cartera»), since i18n runs without a fallback language. Every key the web sources use, in
// Spanish and in English. e2e/untranslated-keys.spec.ts looks at the rendered routes as well.
const localesDir = import.meta.dirname;
const srcDir = path.resolve(localesDir, '..');
const LANGUAGES = ['es', 'en'] as const;
// The legal documents exist only in Spanish; the page reads them with { lng: 'es' } (locales.test.ts).
const SPANISH_ONLY = (ns: string, key: string) => ns === 'legal' && /^(entity\.|docs\.|docUpdated)/.test(key);

const catalogues = new Map<string, Set<string>>();
for (const lang of LANGUAGES) {
  for (const file of readdirSync(path.join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    catalogues.set(`${lang}/${ns}`, new Set(catalogueKeys(JSON.parse(readFileSync(path.join(localesDir, lang, file), 'utf8')))));
  }
  catalogues.set(`${lang}/v`, new Set(Object.keys(validationMessages[lang])));
}
const namespaces = [...new Set([...catalogues.keys()].map((k) => k.split('/')[1]!))];

// The reader's own file names keys only in its comments and patterns.
const reader = path.join(localesDir, 'key-usage.ts');
const uses: KeyUse[] = sourceFiles(srcDir)
  .filter((file) => file !== reader)
  .flatMap((file) => keyUses(path.relative(srcDir, file), readFileSync(file, 'utf8')));

/** The uses that find no text in `lang`, as 'file: ns?key'. */
function missingIn(lang: (typeof LANGUAGES)[number]): string[] {
  return uses
    .filter((use) => {
      const candidates = use.namespaces ?? namespaces;
      return !candidates.some((ns) => {
        const keys = catalogues.get(`${lang}/${ns}`);
        if (!keys) return false;
        return resolves(use, keys) || (lang === 'en' && SPANISH_ONLY(ns, use.key) && resolves(use, catalogues.get(`es/${ns}`)!));
      });
    })
    .map((use) => `${use.file}: ${(use.namespaces ?? ['?']).join('|')}:${use.key}`);
}

describe('keys used in the web sources', () => {
  it('reads the sources (a guard against testing nothing)', () => {
    expect(uses.length).toBeGreaterThan(1500);
    expect(uses.filter((u) => u.pattern).length).toBeGreaterThan(20);
  });

  for (const lang of LANGUAGES) {
    it(`finds every key in the ${lang} catalogues`, () => {
      expect(missingIn(lang)).toEqual([]);
    });
  }
});

describe('the key reader', () => {
  const source = [
    "const { t } = useTranslation('places');",
    "const { t: tc } = useTranslation();",
    "t('portfolio.columns.trend'); tc('actions.save'); t(`portfolio.${c.label}`); t('common:x.y');",
    "i18n.t('captchaRequired', { ns: 'v' });",
  ].join('\n');
  const found = keyUses('a.tsx', source);

  it('reads literal keys, aliases, templates, ns: prefixes and the ns option', () => {
    expect(found.map((u) => `${(u.namespaces ?? ['?']).join('|')}:${u.key}`)).toEqual([
      'places:portfolio.columns.trend',
      'common:x.y',
      'places:portfolio.${c.label}',
      'common:actions.save',
      'v:captchaRequired',
    ]);
  });

  it('matches a template against some key, and plural forms against their base key', () => {
    const template = found.find((u) => u.pattern)!;
    expect(resolves(template, new Set(['portfolio.columns.place']))).toBe(true);
    expect(resolves(template, new Set(['columns.place']))).toBe(false);
    expect(resolves({ file: 'a', namespaces: null, key: 'count' }, new Set(['count_one', 'count_other']))).toBe(true);
    expect(resolves({ file: 'a', namespaces: null, key: 'columns.trend' }, new Set(['portfolio.columns.trend']))).toBe(false);
  });
});
