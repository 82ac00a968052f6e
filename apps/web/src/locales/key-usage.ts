import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the web sources for the message keys they use, for locales/used-keys.test.ts: a key the
 * code asks for that a catalogue lacks is rendered raw («columns.trend»), since i18n runs without
 * a fallback. It reads text, not types, so it follows the app's conventions: `const { t } =
 * useTranslation('ns')` (or `t: alias`), `t: TFunction<'ns'>`, `i18n.t('key', { ns })`, `ns:key`,
 * `i18nKey="key"`, and templates such as t(`portfolio.${label}`), which must match some key.
 */

/** One use of a key in the code: a literal key, or a pattern from a template with a static part. */
export interface KeyUse {
  file: string;
  /** The namespaces the key may come from; null when the code does not say (a `t` passed in untyped). */
  namespaces: string[] | null;
  key: string;
  /** For a template: the key as a pattern, `${…}` standing for any text. */
  pattern?: RegExp;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((m) => m[1]!);

/** The namespaces each translate function of a file stands for, by its local name. */
function translators(source: string): Map<string, string[] | null> {
  const byName = new Map<string, string[] | null>();
  const add = (name: string, namespaces: string[] | null) => {
    const known = byName.get(name);
    byName.set(name, known === null || namespaces === null ? null : [...new Set([...(known ?? []), ...namespaces])]);
  };
  for (const m of source.matchAll(/const \{([^}]*)\} = useTranslation\(([^)]*)\)/g)) {
    const binding = /(?:^|,)\s*t(?:\s*:\s*(\w+))?\s*(?:,|$)/.exec(m[1]!);
    if (!binding) continue;
    const args = m[2]!.trim();
    const first = args.startsWith('[') ? args.slice(0, args.indexOf(']') + 1) : (args.split(',')[0] ?? '');
    // useTranslation() is the default namespace; a namespace held in a variable is unknown here.
    const namespaces = args === '' ? ['common'] : /^\[?\s*'/.test(first) && !/\[\s*\w/.test(first) ? quoted(first) : null;
    add(binding[1] ?? 't', namespaces);
  }
  for (const m of source.matchAll(/\b(\w+): TFunction<'([^']+)'>/g)) add(m[1]!, [m[2]!]);
  return byName;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every key use in one file's text. */
export function keyUses(file: string, source: string): KeyUse[] {
  const uses: KeyUse[] = [];
  const names = translators(source);
  if (!names.has('t')) names.set('t', null);
  const allOfFile = [...names.values()].every((ns) => ns !== null) ? [...new Set([...names.values()].flat() as string[])] : null;
  const optionNs = (after: string) => /^\s*,\s*\{[^}]*?\bns:\s*'([^']+)'/.exec(after)?.[1];

  const push = (namespaces: string[] | null, raw: string, after: string, pattern?: RegExp) => {
    const explicit = optionNs(after);
    const colon = /^([\w-]+):(.+)$/.exec(raw);
    if (colon && !pattern) uses.push({ file, namespaces: [colon[1]!], key: colon[2]! });
    else uses.push({ file, namespaces: explicit ? [explicit] : namespaces, key: raw, pattern });
  };
  // `ns:` before a template's first placeholder names the namespace, as in a literal key.
  const pushTemplate = (namespaces: string[] | null, template: string, after: string) => {
    const colon = /^([\w-]+):(.*)$/s.exec(template);
    const [ns, rest] = colon ? [[colon[1]!], colon[2]!] : [namespaces, template];
    const parts = rest.split(/\$\{[^}]*\}/);
    if (parts.length === 1) return push(ns, template, after);
    // A template without a static part says nothing a catalogue could be checked against.
    if (parts.join('').replaceAll('.', '') === '') return;
    push(colon ? ns : namespaces, rest, colon ? '' : after, new RegExp(`^${parts.map(escapeRegExp).join('.+')}$`));
  };

  for (const [name, namespaces] of [...names, ['i18n.t', null] as const]) {
    const callee = `(?<![\\w$.])${escapeRegExp(name)}\\(\\s*`;
    for (const m of source.matchAll(new RegExp(`${callee}'([^'\\n]+)'`, 'g'))) {
      push(namespaces, m[1]!, source.slice(m.index + m[0].length, m.index + m[0].length + 200));
    }
    for (const m of source.matchAll(new RegExp(`${callee}\`([^\`]+)\``, 'g'))) {
      pushTemplate(namespaces, m[1]!, source.slice(m.index + m[0].length, m.index + m[0].length + 200));
    }
  }
  for (const m of source.matchAll(/i18nKey="([^"]+)"/g)) push(allOfFile, m[1]!, '');
  return uses;
}

/** Every key of a catalogue, leaves and the objects above them (`returnObjects` reads an object). */
export function catalogueKeys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const below = Object.entries(value).flatMap(([k, v]) => catalogueKeys(v, prefix ? `${prefix}.${k}` : k));
    return prefix ? [prefix, ...below] : below;
  }
  return [prefix];
}

// i18next's plural forms: `count` picks key_one, key_other… (es and en use one/other; many for
// Spanish millions in newer CLDR data).
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Whether `use` finds a text in `keys` (one language's catalogue of the namespace). */
export function resolves(use: KeyUse, keys: Set<string>): boolean {
  if (use.pattern) {
    for (const key of keys) if (use.pattern.test(key) || use.pattern.test(key.replace(PLURAL, ''))) return true;
    return false;
  }
  if (keys.has(use.key)) return true;
  return ['zero', 'one', 'two', 'few', 'many', 'other'].some((form) => keys.has(`${use.key}_${form}`));
}
