import { Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { nextTabIndex } from '../utils/tabs';

export interface ProfileTab {
  id: string;
  label: string;
  /** The compact label phones show (docs/product.md §2: Personal, Facturación, Pagos). */
  short: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move the selection. A panel
 * mounts the first time its tab opens and then stays, so forms keep what was typed and the
 * payments load only when first asked for.
 */
export function ProfileTabs({
  tabs,
  label,
  onChange,
  header,
  initial = 0,
}: {
  tabs: ProfileTab[];
  /** The tab open first (a link such as /profile?tab=notificaciones). */
  initial?: number;
  label: string;
  onChange: () => void;
  header?: ReactNode;
}) {
  const baseId = useId();
  const [selected, setSelected] = useState(initial);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([initial]));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    if (index === selected) return;
    setSelected(index);
    setVisited((v) => new Set(v).add(index));
    onChange();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const next = nextTabIndex(selected, e.key, tabs.length);
    if (next === null) return;
    e.preventDefault();
    select(next);
    refs.current[next]?.focus();
  };

  return (
    // Labels and forms follow the card's own width (@container): the signed-in sidebar leaves the
    // page 480 px at 768 px, too little for the long labels the window width would pick.
    <section className="@container rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-4">
        {tabs.map((tab, i) => {
          const active = i === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onKeyDown}
              data-tab={tab.id}
              className={`relative -mb-px flex-1 border-b-2 px-2 py-3.5 @md:px-3 text-sm font-semibold whitespace-nowrap transition-colors @2xl:flex-none @2xl:px-4 ${
                active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
              }`}
            >
              <span className="@2xl:hidden">{tab.short}</span>
              <span className="hidden @2xl:inline">{tab.label}</span>
            </button>
          );
        })}
      </div>
      <div className="px-5 py-6 sm:px-6">
        {header}
        {tabs.map((tab, i) =>
          visited.has(i) ? (
            <div
              key={tab.id}
              role="tabpanel"
              id={`${baseId}-panel-${tab.id}`}
              aria-labelledby={`${baseId}-tab-${tab.id}`}
              tabIndex={0}
              hidden={i !== selected}
              className="outline-none focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-4"
            >
              {/* A panel that loads its texts the first time it opens waits here, not behind the
                  page's loader: the tabs stay on screen and the focus stays on the tab. */}
              <Suspense
                fallback={
                  <div className="flex h-32 items-center justify-center text-brand-700" role="status">
                    <Spinner className="h-5 w-5" />
                  </div>
                }
              >
                {tab.content}
              </Suspense>
            </div>
          ) : null,
        )}
      </div>
    </section>
  );
}
