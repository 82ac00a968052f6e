import { useTranslation } from 'react-i18next';
import { GlobeIcon } from 'lucide-react';
import { changeLanguage, LANGUAGES, type Language } from '@/lib/i18n';

/** es / en buttons, named 'es Español' and 'en English'; the pressed one is the current language (aria-pressed). */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const current: Language = i18n.language === 'en' ? 'en' : 'es';
  const idle = tone === 'dark' ? 'text-slate-300 hover:text-white' : 'text-slate-600 hover:text-slate-900';
  const active = tone === 'dark' ? 'bg-white/15 text-white' : 'bg-white text-slate-900 shadow-sm';
  return (
    <div role="group" aria-label={t('language.label')} className="inline-flex items-center gap-1.5">
      <GlobeIcon className={`h-4 w-4 shrink-0 ${tone === 'dark' ? 'text-slate-400' : 'text-slate-500'}`} />
      <div
        className={`inline-flex rounded-lg p-0.5 ${tone === 'dark' ? 'bg-white/5 ring-1 ring-white/10' : 'bg-slate-100 ring-1 ring-slate-200'}`}
      >
        {LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-pressed={current === lang}
            onClick={() => void changeLanguage(lang)}
            className={`rounded-md px-2 py-1 text-xs font-semibold uppercase transition-colors ${current === lang ? active : idle}`}
          >
            {/* The name starts with the visible code, so voice control finds the button by what it shows (WCAG 2.5.3). */}
            {lang}
            <span className="sr-only"> {t(`language.${lang}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
