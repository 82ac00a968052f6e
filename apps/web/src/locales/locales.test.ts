import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '@rankmaps/shared/messages';

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

// docs/decisions.md §22.6: one vocabulary in Spanish. The spec's own texts (docs/product.md)
// stay as written even where they break it; those are the only exceptions.
const SPEC_TEXTS = new Set([
  'Editar Matriz',
  'Configurar Matriz',
  'Editar Matriz de Análisis',
  'No hay cambios en la matriz para guardar',
  'Error al actualizar la matriz. Por favor intenta de nuevo.',
  'Error al generar la matriz de coordenadas',
  'Análisis iniciado con worker (mejor rendimiento)',
  '¡Ticket creado exitosamente!',
  'Eliminar negocio?',
]);

function flatValues(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => flatValues(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

describe('Spanish style', () => {
  const esFiles = readdirSync(path.join(dir, 'es')).filter((f) => f.endsWith('.json'));
  const texts = [
    ...esFiles.flatMap((file) =>
      flatValues(JSON.parse(readFileSync(path.join(dir, 'es', file), 'utf8'))).map(([k, v]) => [`${file}:${k}`, v] as const),
    ),
    ...Object.entries(validationMessages.es).map(([k, v]) => [`v:${k}`, v] as const),
  ];
  const offending = (test: (text: string) => boolean) =>
    texts.filter(([, text]) => !SPEC_TEXTS.has(text) && test(text)).map(([key, text]) => `${key} = ${text}`);

  it('reads the catalogue (a guard against testing nothing)', () => {
    expect(texts.length).toBeGreaterThan(1000);
  });

  it('says keyword, never «palabra clave»', () => {
    expect(offending((t) => /palabras? clave/i.test(t))).toEqual([]);
  });

  it('says cuadrícula, never «matriz», outside the spec’s own texts', () => {
    expect(offending((t) => /\bmatri(z|ces)\b/i.test(t))).toEqual([]);
  });

  it('spells email and período one way, and has no calque or stray English word', () => {
    expect(offending((t) => /\be-mail\b|\bperiodos?\b|exitosamente|\bworker\b/i.test(t))).toEqual([]);
  });

  it('never writes «1 créditos»: a count of credits is an i18next plural, bar the package sizes (multiples of 500)', () => {
    // A «{{n}} créditos» outside an `_other` form would read «1 créditos» for one credit.
    const packageSizes = /^(plans\.json:(creditsBanner\.body|buyCredits\.[a-zA-Z]+)|faq\.json:generated\.credits\.package)$/;
    const unplural = texts.filter(([key, text]) => /\}\}\s*créditos/.test(text) && !/_other$/.test(key) && !packageSizes.test(key)).map(([key]) => key);
    expect(unplural).toEqual([]);
  });

  it('opens every question and exclamation', () => {
    // The password rule lists special characters, not a question.
    const listsCharacters = (t: string) => t.includes('! @ # ?');
    expect(offending((t) => !listsCharacters(t) && ((t.includes('?') && !t.includes('¿')) || (t.includes('!') && !t.includes('¡'))))).toEqual([]);
  });
});
