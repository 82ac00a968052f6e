import { Link } from 'react-router';

/** Inicio › RankMap › … ; the last crumb is the current page. `label` names the trail for assistive technology. */
export function Breadcrumb({ label, items }: { label: string; items: { label: string; to?: string }[] }) {
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
