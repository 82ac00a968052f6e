import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { validationMessages } from '@rankmaps/shared/messages';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANG_KEY = 'lang';

// Each feature has its own namespace file (locales/<lang>/<ns>.json), loaded with the
// route that needs it, so the landing page does not download the legal texts.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

export function storedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANG_KEY);
  return saved === 'en' ? 'en' : 'es';
}

/**
 * Where an end-to-end check reads the keys i18next found no text for (e2e/untranslated-keys.spec.ts).
 * Off unless the page opts in before the app starts: the development server always does, and a
 * test sets `localStorage['i18n:report-missing']`; a visitor's browser never records anything.
 */
export const REPORT_MISSING_FLAG = 'i18n:report-missing';
interface MissingKeyReport {
  missing: string[];
  changeLanguage: (lang: Language) => Promise<void>;
}
declare global {
  interface Window {
    __i18nReport?: MissingKeyReport;
  }
}

function missingKeyReport(): MissingKeyReport | null {
  const optedIn = import.meta.env.DEV || (typeof localStorage !== 'undefined' && localStorage.getItem(REPORT_MISSING_FLAG) === '1');
  if (!optedIn || typeof window === 'undefined') return null;
  window.__i18nReport = { missing: [], changeLanguage };
  return window.__i18nReport;
}

export async function initI18n(): Promise<void> {
  const report = missingKeyReport();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      // No runtime fallback: every namespace exists in both languages (a test checks the keys),
      // so an English visitor never downloads the Spanish texts as well.
      fallbackLng: false,
      supportedLngs: LANGUAGES,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      partialBundledLanguages: true,
      resources: {
        es: { v: validationMessages.es },
        en: { v: validationMessages.en },
      },
      react: { useSuspense: true },
      ...(report && {
        saveMissing: true,
        saveMissingTo: 'current' as const,
        // A key asked for with a defaultValue has a text on purpose (the outbox's unknown kinds).
        missingKeyHandler: (lngs: readonly string[], ns: string, key: string, _fallback: string, _update: boolean, options: { defaultValue?: unknown }) => {
          if (options?.defaultValue === undefined) report.missing.push(`${lngs.join(',')}/${ns}:${key}`);
        },
      }),
    });
  document.documentElement.lang = i18n.language;
}

export async function changeLanguage(lang: Language) {
  localStorage.setItem(LANG_KEY, lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Translates a zod message that may be a shared catalogue key ('v:emailRequired'). */
export function translateValidation(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message.startsWith('v:') ? i18n.t(message.slice(2), { ns: 'v' }) : message;
}

export { i18n };

/**
 * The first translated message of each field among a zod parse's issues; `fieldOf` names the
 * field an issue's first path key stands for (a form shows one error per field).
 */
export function validationErrorsByField<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fieldOf: (key: PropertyKey | undefined) => F) {
  const byField: Partial<Record<F, string>> = {};
  for (const issue of issues) byField[fieldOf(issue.path[0])] ??= translateValidation(issue.message);
  return byField;
}
