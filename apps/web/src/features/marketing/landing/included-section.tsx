import {
  CalendarIcon,
  GlobeIcon,
  Grid3x3Icon,
  type LucideIcon,
  MegaphoneIcon,
  MessageCircleMoreIcon,
  TrendingUpIcon,
  UsersIcon,
  VanIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { claims } from '../claims';
import { liveSupportPlansText } from '../live-support-text';
import { SectionHeading } from '../components/section-heading';
import { formatDecimal } from '@/lib/format';

const ITEMS: { id: string; icon: LucideIcon }[] = [
  { id: 'weekly', icon: CalendarIcon },
  { id: 'ads', icon: MegaphoneIcon },
  { id: 'serviceArea', icon: VanIcon },
  { id: 'countries', icon: GlobeIcon },
  { id: 'competitors', icon: UsersIcon },
  { id: 'grid', icon: Grid3x3Icon },
  { id: 'gbp', icon: TrendingUpIcon },
  { id: 'support', icon: MessageCircleMoreIcon },
];

export function IncludedSection() {
  const { t, i18n } = useTranslation('landing');
  const values = {
    count: claims.competitors,
    min: claims.minGrid,
    max: claims.maxGrid,
    minKm: formatDecimal(claims.minRadiusKm, i18n.language),
    maxKm: formatDecimal(claims.maxRadiusKm, i18n.language),
    livePlans: liveSupportPlansText(t, i18n.language),
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
                <item.icon className="h-5.5 w-5.5 shrink-0" />
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
