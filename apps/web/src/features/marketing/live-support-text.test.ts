import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { liveSupportPlansText } from './live-support-text';

const read = (lang: string, ns: string): unknown => JSON.parse(readFileSync(path.join(import.meta.dirname, `../../locales/${lang}/${ns}.json`), 'utf8'));

/** i18next's interpolation of the common namespace's liveSupportPlans texts, enough for this helper. */
function tFor(lang: string): TFunction {
  const texts = (read(lang, 'common') as { liveSupportPlans: Record<string, string> }).liveSupportPlans;
  const t = (key: string, values: Record<string, string>): string => {
    const text: string = texts[key.replace('liveSupportPlans.', '')] ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_match: string, name: string) => values[name] ?? '');
  };
  return t as unknown as TFunction;
}

describe('the plans the landing and the FAQ promise live support on', () => {
  it('names Premium and the agency plans, as the catalogue gives live support, and never Profesional', () => {
    expect(liveSupportPlansText(tFor('es'), 'es')).toBe('el plan Premium y los planes para agencias');
    expect(liveSupportPlansText(tFor('en'), 'en')).toBe('the Premium plan and the agency plans');
  });

  it('is what the landing’s support card and the FAQ answer interpolate', () => {
    const landing = read('es', 'landing') as { landing: { included: { items: { support: { body: string } } } } };
    expect(landing.landing.included.items.support.body).toBe('Te respondemos por email, y con {{livePlans}} también por chat en vivo y videollamada.');
    expect(JSON.stringify(read('es', 'faq'))).not.toContain('Profesional y Premium');
  });
});
