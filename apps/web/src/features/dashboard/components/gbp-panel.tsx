import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { GoogleIcon } from './icons';

/**
 * The Google Business Profile connect panel. The connection arrives in a later release:
 * the panel says so and its button is disabled rather than pretending to work.
 */
export function GbpPanel() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="gbp-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6" data-testid="gbp-panel">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-slate-50 text-slate-600 ring-1 ring-slate-200">
            <GoogleIcon />
          </span>
          <div>
            <h2 id="gbp-title" className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {t('gbp.title')}
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{t('gbp.soon')}</span>
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('gbp.body')}</p>
          </div>
        </div>
        <button type="button" disabled aria-describedby="gbp-soon-note" className={`${buttonClass('secondary')} shrink-0`}>
          <GoogleIcon className="h-4 w-4" />
          {t('gbp.connect')}
        </button>
      </div>
      <p id="gbp-soon-note" className="mt-3 text-xs text-slate-500">
        {t('gbp.note')}
      </p>
    </section>
  );
}
