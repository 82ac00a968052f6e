import { Link } from 'react-router';
import { paths } from '@/lib/paths';

interface Crumb {
  label: string;
  to?: string;
}

/** Inicio › RankMap › … ; the last crumb is the current page. `label` names the trail for assistive technology. */
export function Breadcrumb({ label, items }: { label: string; items: Crumb[] }) {
  return (
    <nav aria-label={label} className="text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex min-w-0 items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">›</span>}
            {item.to ? (
              <Link to={item.to} className="break-words hover:text-brand-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-slate-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The trail of a signed-in page: Inicio, then RankMap with `viaRankmap` (the business pages), then
 * `items`. `t` is the feature's namespace, where `breadcrumb.label`, `breadcrumb.home` and
 * `breadcrumb.rankmap` say the same in every feature.
 */
export function HomeBreadcrumb({ t, viaRankmap = false, items }: { t: (key: string) => string; viaRankmap?: boolean; items: Crumb[] }) {
  const home: Crumb = { label: t('breadcrumb.home'), to: paths.root.getHref() };
  const rankmap: Crumb[] = viaRankmap ? [{ label: t('breadcrumb.rankmap'), to: paths.rankmap.getHref() }] : [];
  return <Breadcrumb label={t('breadcrumb.label')} items={[home, ...rankmap, ...items]} />;
}
