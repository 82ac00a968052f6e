import { useTranslation } from 'react-i18next';
import { claims } from '../claims';
import { MarketingIcon, type MarketingIconName } from '../components/icons';
import { SectionHeading } from '../components/section-heading';
import { formatDecimal } from '../../../lib/format';

const ITEMS: { id: string; icon: MarketingIconName }[] = [
  { id: 'weekly', icon: 'calendar' },
  { id: 'ads', icon: 'megaphone' },
  { id: 'serviceArea', icon: 'van' },
  { id: 'countries', icon: 'globe' },
  { id: 'competitors', icon: 'users' },
  { id: 'grid', icon: 'grid' },
  { id: 'gbp', icon: 'chart' },
  { id: 'support', icon: 'chat' },
];

export function IncludedSection() {
  const { t, i18n } = useTranslation('landing');
  const values = {
    count: claims.competitors,
    min: claims.minGrid,
    max: claims.maxGrid,
    minKm: formatDecimal(claims.minRadiusKm, i18n.language),
    maxKm: formatDecimal(claims.maxRadiusKm, i18n.language),
  };
  return (
    <section
      aria-labelledby="included-title"
      className="bg-linear-to-b from-white via-brand-50/50 to-white px-4 py-20 sm:px-6 sm:py-28 lg:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="included-title" eyebrow={t('landing.included.eyebrow')} title={t('landing.included.title')} />
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {ITEMS.map((item) => (
            <li key={item.id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <MarketingIcon name={item.icon} className="h-5.5 w-5.5" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{t(`landing.included.items.${item.id}.title`, values)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`landing.included.items.${item.id}.body`, values)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
