import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GbpConnectionStatus } from '@rankmaps/shared/schemas/gbp';
import { ExternalLinkIcon } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { isUsable, useGbpStatus } from '../api/get-connection-status';
import { useDailyMetric } from '../api/get-daily-metric';
import { useGbpKeywords } from '../api/get-keywords';
import { useGbpLocations } from '../api/get-locations';
import { gbpKeys } from '../api/keys';
import { useChosenLocation } from '../hooks/use-chosen-location';
import { statsWindows, type StatsWindows } from '../utils/date-window';
import { gbpErrorView, type GbpErrorView } from '../utils/errors';
import { formatDay } from '../utils/format';
import { ConnectPrompt } from './connect-prompt';
import { DemoBadge } from './demo-badge';
import { KeywordList } from './keyword-list';
import { LocationPicker } from './location-picker';
import { MetricCard } from './metric-card';

function Header({ demo, children }: { demo: boolean; children?: ReactNode }) {
  const { t } = useTranslation('gbp');
  return (
    <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
      <div>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('stats.title')}
          {demo && <DemoBadge />}
        </h1>
        <p className="mt-1 text-slate-600">{t('stats.subtitle')}</p>
      </div>
      {children}
    </header>
  );
}

function Skeleton() {
  const { t } = useTranslation('gbp');
  return (
    <div role="status" aria-label={t('stats.loading')} className="animate-pulse space-y-6">
      <div className="h-16 w-full max-w-md rounded-xl bg-slate-100" />
      <div className="grid gap-4 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-72 rounded-2xl bg-slate-100" />
        ))}
      </div>
      <div className="h-48 rounded-2xl bg-slate-100" />
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('gbp');
  return (
    <section
      aria-labelledby="gbp-empty-title"
      className="mx-auto max-w-2xl rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200 sm:px-12"
      data-testid="gbp-empty"
    >
      <h2 id="gbp-empty-title" className="text-xl font-semibold text-slate-900">
        {t('stats.empty.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('stats.empty.body')}</p>
      <a
        href="https://business.google.com/create"
        target="_blank"
        rel="noopener noreferrer"
        className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        {t('stats.empty.create')}
        <ExternalLinkIcon className="h-4 w-4" />
      </a>
    </section>
  );
}

/**
 * /estadisticas (docs/product.md §2, docs/product.md §8, docs/product.md §9): the Google Business Profile performance of a chosen location over
 * the last 30 days against the 30 before, and its top keywords. Without a working connection, the
 * connect prompt.
 */
export function StatisticsPage({ userId }: { userId: string }) {
  const { t } = useTranslation('gbp');
  const status = useGbpStatus();
  const demo = Boolean(status.data?.connected && status.data.provider === 'demo');

  const body = (
    <QueryState query={status} loadingView={<Skeleton />} error={errorText(status.error, t('stats.errors.status'))}>
      {(s) =>
        isUsable(s) ? <ConnectedStats userId={userId} status={s} /> : <ConnectPrompt expired={s.expired} demo={s.provider === 'demo'} />
      }
    </QueryState>
  );

  return (
    <div data-page="statistics" className="space-y-6">
      <Header demo={demo} />
      {body}
    </div>
  );
}

/** The server's words for a failed call when it gave some, else the screen's fallback. */
function errorText(err: unknown, fallback: string): string {
  const view = err ? gbpErrorView(err) : null;
  return (view?.kind === 'error' && view.message) || fallback;
}

/** The first connection refusal among the calls (docs/product.md §8: it leads to the connect prompt), if any. */
function connectRefusal(errors: unknown[]): Extract<GbpErrorView, { kind: 'connect' }> | null {
  for (const err of errors) {
    if (!err) continue;
    const view = gbpErrorView(err);
    if (view.kind === 'connect') return view;
  }
  return null;
}

function ConnectedStats({ userId, status }: { userId: string; status: GbpConnectionStatus }) {
  const { t, i18n } = useTranslation('gbp');
  const queryClient = useQueryClient();
  // Fixed for the visit: a page left open past midnight keeps the window it showed.
  const [windows] = useState<StatsWindows>(() => statsWindows(new Date()));
  const locations = useGbpLocations(true);
  const [locationId, chooseLocation] = useChosenLocation(userId, locations.data?.locations);

  const views = useDailyMetric(locationId, 'VIEWS', windows.current);
  const viewsBefore = useDailyMetric(locationId, 'VIEWS', windows.previous);
  const searches = useDailyMetric(locationId, 'SEARCHES', windows.current);
  const searchesBefore = useDailyMetric(locationId, 'SEARCHES', windows.previous);
  const actions = useDailyMetric(locationId, 'ACTIONS', windows.current);
  const actionsBefore = useDailyMetric(locationId, 'ACTIONS', windows.previous);
  const keywords = useGbpKeywords(locationId);

  const refusal = connectRefusal([
    locations.error,
    views.error,
    viewsBefore.error,
    searches.error,
    searchesBefore.error,
    actions.error,
    actionsBefore.error,
    keywords.error,
  ]);
  // The status said connected but Google refused since: refresh it, so the dashboard agrees too.
  const refused = refusal !== null;
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: gbpKeys.status() });
  }, [refused, queryClient]);

  if (refusal) return <ConnectPrompt expired={refusal.expired} demo={status.provider === 'demo'} />;
  const range = windows.current;
  const long = { day: 'numeric', month: 'long', year: 'numeric' } as const;
  // 'Del 23 de octubre al 21 de noviembre de 2026': the start's year only when it differs.
  const sameYear = range.startDate.slice(0, 4) === range.endDate.slice(0, 4);
  return (
    <QueryState query={locations} loadingView={<Skeleton />} error={errorText(locations.error, t('stats.errors.locations'))}>
      {({ locations: list }) =>
        list.length === 0 || !locationId ? (
          <EmptyState />
        ) : (
          <>
            <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end sm:justify-between">
              <LocationPicker locations={list} value={locationId} onChange={chooseLocation} />
              <p className="text-sm text-slate-500 sm:text-right" data-testid="gbp-range">
                {t('stats.range', {
                  start: formatDay(range.startDate, i18n.language, sameYear ? { day: 'numeric', month: 'long' } : long),
                  end: formatDay(range.endDate, i18n.language, long),
                })}
              </p>
            </div>
            <div className="grid gap-4 lg:grid-cols-3">
              <MetricCard metric="VIEWS" current={views} previous={viewsBefore} range={range} />
              <MetricCard metric="SEARCHES" current={searches} previous={searchesBefore} range={range} />
              <MetricCard metric="ACTIONS" current={actions} previous={actionsBefore} range={range} />
            </div>
            <KeywordList query={keywords} />
          </>
        )
      }
    </QueryState>
  );
}
