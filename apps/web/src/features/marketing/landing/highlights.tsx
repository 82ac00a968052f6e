import { CalendarIcon, CoinsIcon, GlobeIcon, type LucideIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { claims } from '../claims';

export function Highlights() {
  const { t } = useTranslation('landing');
  const items: { icon: LucideIcon; text: string }[] = [
    { icon: CalendarIcon, text: t('landing.highlights.trial', { days: claims.trialDays }) },
    { icon: UsersIcon, text: t('landing.highlights.competitors', { count: claims.competitors }) },
    { icon: GlobeIcon, text: t('landing.highlights.countries') },
    { icon: CoinsIcon, text: t('landing.highlights.annual', { count: claims.monthsFree }) },
  ];
  return (
    <section aria-labelledby="highlights-title" className="px-4 sm:px-6 lg:px-8">
      <h2 id="highlights-title" className="sr-only">
        {t('landing.highlights.title')}
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-1 gap-3 rounded-2xl bg-white/70 p-3 shadow-sm ring-1 ring-slate-200 backdrop-blur sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.text} className="flex items-center gap-3 rounded-xl px-3 py-3">
            <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <item.icon className="h-5 w-5 shrink-0" />
            </span>
            <span className="text-sm font-semibold text-slate-800">{item.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
