import { useCan } from '@/lib/workspace/use-workspace';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, ChartColumnIcon, MapIcon, StarIcon } from 'lucide-react';
import { paths } from '@/lib/paths';

const links: { to: string; key: 'rankmap' | 'statistics' | 'reviews'; icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }[] = [
  { to: paths.rankmap.getHref(), key: 'rankmap', icon: MapIcon, tone: 'bg-brand-50 text-brand-700 ring-brand-100' },
  { to: paths.statistics.getHref(), key: 'statistics', icon: ChartColumnIcon, tone: 'bg-emerald-50 text-emerald-700 ring-emerald-100' },
  { to: paths.reviews.getHref(), key: 'reviews', icon: StarIcon, tone: 'bg-amber-50 text-amber-700 ring-amber-100' },
];

/** The three quick-link cards of docs/product.md §2: RankMap, Estadísticas, Reseñas. */
export function QuickLinks() {
  const { t } = useTranslation('dashboard');
  // «Estadísticas» reads the Google connection, an integration (docs/decisions.md §30.7).
  const canIntegrate = useCan('integrations.manage');
  const shown = links.filter((link) => link.key !== 'statistics' || canIntegrate);
  return (
    // Sized by the room the page gives it, not the window: from 768 px the sidebar takes 288 px of it.
    <nav aria-label={t('quickLinks.label')} className="@container">
      <ul className="grid gap-4 @2xl:grid-cols-3">
        {shown.map(({ to, key, icon: Icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-200"
            >
              <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ring-1 ${tone}`}>
                <Icon className="h-5 w-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2 font-semibold text-slate-900">
                  {t(`quickLinks.${key}.title`)}
                  <ArrowRightIcon className="h-4 w-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600" />
                </span>
                <span className="mt-1 block text-sm text-slate-600">{t(`quickLinks.${key}.body`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
