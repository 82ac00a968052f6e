import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@rankmaps/shared/plans';
import { SparklesIcon } from 'lucide-react';

/**
 * What a user who just confirmed the e-mail reads on the plans, where the guard sends them:
 * what this page is for and what comes after it (docs/decisions.md §22).
 */
export function WelcomeNotice({ name }: { name: string }) {
  const { t } = useTranslation('plans');
  return (
    <section aria-labelledby="plans-welcome" className="mx-auto mb-8 flex max-w-3xl gap-4 rounded-2xl bg-brand-50 p-5 text-left ring-1 ring-brand-100">
      <SparklesIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <div>
        <h2 id="plans-welcome" className="font-semibold text-slate-900">
          {t('welcome.title', { name })}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('welcome.body', { days: TRIAL_DAYS })}</p>
        <p className="mt-1 text-sm text-slate-700">{t('welcome.next')}</p>
      </div>
    </section>
  );
}
