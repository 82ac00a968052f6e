import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Inicio › RankMap › {place} › {keyword}; the last crumb is the current page. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation('rankmaps');
  return (
    <nav aria-label={t('breadcrumb.label')} className="text-sm text-slate-500">
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
