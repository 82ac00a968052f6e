import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useTranslation } from 'react-i18next';
import { BellIcon, BotMessageSquareIcon, FaceSlightlySmilingIcon, ListIcon, StarIcon } from 'lucide-react';

type FeatureKey = 'list' | 'sentiment' | 'replies' | 'alerts';

// docs/product.md §2 Reseñas: the four features the page announces, in the spec's order.
const features: { key: FeatureKey; icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }[] = [
  { key: 'list', icon: ListIcon, tone: 'bg-brand-50 text-brand-700 ring-brand-100' },
  { key: 'sentiment', icon: FaceSlightlySmilingIcon, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  { key: 'replies', icon: BotMessageSquareIcon, tone: 'bg-violet-50 text-violet-700 ring-violet-100' },
  { key: 'alerts', icon: BellIcon, tone: 'bg-amber-50 text-amber-700 ring-amber-100' },
];

/** /reviews: a 'coming soon' page that says plainly what is on its way. */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  return (
    <div data-page="reviews" className="space-y-8">
      <header className="rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-12">
        <span
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600 ring-1 ring-amber-100"
        >
          <StarIcon className="h-7 w-7" />
        </span>
        <span className="mt-5 inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">{t('badge')}</span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-pretty text-slate-600">{t('lead')}</p>
      </header>
      <section aria-labelledby="reviews-features-title" className="@container">
        <h2 id="reviews-features-title" className="text-lg font-semibold text-slate-900">
          {t('featuresTitle')}
        </h2>
        <ul className="mt-4 grid gap-4 @xl:grid-cols-2">
          {features.map(({ key, icon: FeatureIcon, tone }) => (
            <li key={key} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ring-1 ${tone}`}>
                <FeatureIcon className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{t(`features.${key}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{t(`features.${key}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-center text-sm text-slate-600">
        {t('suggest')}{' '}
        <Link to={paths.support.getHref()} className="font-medium text-brand-700 hover:underline">
          {t('suggestLink')}
        </Link>
      </p>
    </div>
  );
}
