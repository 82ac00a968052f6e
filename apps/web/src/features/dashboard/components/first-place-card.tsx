import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPinPlusIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The empty dashboard's next step: without a business there is nothing to analyse (docs/decisions.md §22). */
export function FirstPlaceCard() {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-labelledby="first-place-title" className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-2 ring-brand-600 sm:flex-row sm:items-center">
      <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <MapPinPlusIcon className="h-6 w-6" aria-hidden="true" />
      </span>
      <div className="flex-1">
        <h2 id="first-place-title" className="text-lg font-semibold text-slate-900">
          {t('firstPlace.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('firstPlace.body')}</p>
      </div>
      <Link to={paths.newPlace.getHref()} className={buttonClass('primary')}>
        {t('firstPlace.cta')}
      </Link>
    </section>
  );
}
