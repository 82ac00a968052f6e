import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/not-found-state';
import { useCan } from '@/lib/workspace/use-workspace';
import { QueryState, bothQueries } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useAnalysisSelection } from '../hooks/use-analysis-selection';
import { type DataSourceNotice, dataSourceNotice } from '../utils/analysis-logic';
import { AnalysisTimeline } from './analysis-timeline';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { NewAnalysisModal } from './new-analysis-modal';
import { MainAndHistory, SelectedAnalysis } from './selected-analysis';
import { StatusPanel } from './status-panel';
import { paths } from '@/lib/paths';

interface KeywordAnalysisPageProps {
  placeId: string;
  keywordId: string;
  profile: Profile;
  /** Buttons beside «Nuevo análisis» (the reports feature's «Compartir»), given the selected completed analysis, if any. */
  actions?: (selected: { analysisId: string | null }) => ReactNode;
}

/**
 * /rankmap/{placeId}/keyword/{keywordId} (docs/product.md §2, docs/product.md §4): the keyword's analyses, the selected
 * one's summary, map (Ranking Map / Competidores), point panel and competitors, and the
 * New Analysis modal. A running analysis is polled every 2 s until its results load.
 */
export function KeywordAnalysisPage({ placeId, keywordId, profile, actions }: KeywordAnalysisPageProps) {
  const { t } = useTranslation('rankmaps');
  // A notification links to /rankmap/…?analysis=<id>&compare=<otherId> (docs/decisions.md §23.2).
  const [searchParams] = useSearchParams();
  const selection = useAnalysisSelection(keywordId, searchParams.get('analysis'));
  const { keywordQuery, listQuery } = selection;

  const err = keywordQuery.error ?? listQuery.error;
  // A keyword that is not there (or not this person's to see) says so (docs/decisions.md §30.7).
  if (err instanceof ApiError && err.status === 404) return <NotFoundState title={t('notFound.title')} body={t('notFound.body')} />;
  return (
    <QueryState query={bothQueries(keywordQuery, listQuery)} error={keywordQuery.isError ? t('errors.loadKeyword') : t('errors.loadList')}>
      {([keyword]) => <LoadedKeywordPage placeId={placeId} keywordId={keywordId} keyword={keyword} selection={selection} profile={profile} actions={actions} />}
    </QueryState>
  );
}

type LoadedKeywordPageProps = KeywordAnalysisPageProps & { keyword: Keyword; selection: ReturnType<typeof useAnalysisSelection> };

function LoadedKeywordPage({ placeId, keywordId, keyword, selection, profile, actions }: LoadedKeywordPageProps) {
  const { t } = useTranslation('rankmaps');
  const { now, list, selectedId, selected, polled, live, select } = selection;
  const [creating, setCreating] = useState(false);
  // «Nuevo análisis» spends credits: only for roles with 'scan.run' (docs/decisions.md §30.7).
  const canScan = useCan('scan.run');
  // The URL's place is not the keyword's: show it under its own place.
  if (keyword.placeId._id !== placeId) return <Navigate to={paths.keywordAnalysis.getHref(keyword.placeId._id, keyword._id)} replace />;

  const realEntries = list.filter((e) => !e.virtual);
  // The grid's second row stretches: a summary and history taller than the map leave their
  // room under the trend, not between the map and the trend.
  // Not an <aside>: the timeline is its own named region, and a second unnamed
  // complementary landmark (besides the app sidebar) would be ambiguous.
  const timeline = (
    <AnalysisTimeline
      keywordId={keywordId}
      entries={list}
      selectedId={selectedId}
      live={polled}
      timeZone={keyword.placeId.timeZone}
      now={now}
      onSelect={select}
    />
  );
  const onStarted = (result: AnalyzeResponse) => {
    setCreating(false);
    // The list already holds it (the mutation waited for the refetch): select it and follow it.
    if (result.kind !== 'scheduled') select(result.rankMapId);
  };

  return (
    <div data-page="keyword-analysis" className="space-y-6">
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { label: t('breadcrumb.home'), to: paths.root.getHref() },
          { label: t('breadcrumb.rankmap'), to: paths.rankmap.getHref() },
          { label: keyword.placeId.name, to: paths.place.getHref(keyword.placeId._id) },
          { label: keyword.name },
        ]}
      />
      <Header
        keyword={keyword}
        notice={selected ? dataSourceNotice(selected) : null}
        onNew={canScan ? () => setCreating(true) : undefined}
        actions={actions?.({ analysisId: selected && selected.status === 'completed' && !selected.virtual ? selected.id : null })}
      />

      {list.length === 0 ? (
        <EmptyState keyword={keyword} onNew={canScan ? () => setCreating(true) : undefined} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
          {selected && live && realEntries.length > 0 ? (
            <SelectedAnalysis key={selected.id} keyword={keyword} entry={selected} live={live} now={now} history={timeline} entries={list} />
          ) : (
            <MainAndHistory
              history={timeline}
              main={
                realEntries.length === 0 ? (
                  <EmptyState keyword={keyword} onNew={canScan ? () => setCreating(true) : undefined} />
                ) : (
                  <StatusPanel title={t('status.noneTitle')} body={t('empty.scheduledOnly')} />
                )
              }
            />
          )}
        </div>
      )}

      {creating && <NewAnalysisModal keyword={keyword} profile={profile} onClose={() => setCreating(false)} onStarted={onStarted} />}
    </div>
  );
}

function Header({ keyword, notice, onNew, actions }: { keyword: Keyword; notice: DataSourceNotice; onNew: (() => void) | undefined; actions?: ReactNode }) {
  const { t } = useTranslation('rankmaps');
  return (
    <header className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('header.keyword')}</p>
        <h1 className="mt-0.5 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">{keyword.name}</h1>
        <p className="mt-1 text-sm break-words text-slate-700">
          <span className="font-medium">{keyword.placeId.name}</span>
          {keyword.placeId.address && <span className="text-slate-500"> · {keyword.placeId.address}</span>}
        </p>
        {notice === 'demo' && (
          <p
            className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300"
            title={t('header.demoHint')}
            data-testid="demo-label"
          >
            {t('header.demo')}
            <span className="sr-only">: {t('header.demoHint')}</span>
          </p>
        )}
        {notice === 'approximation' && (
          <div className="mt-2" data-testid="approximation-label">
            <p className="inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
              {t('header.approximation')}
            </p>
            <p className="mt-1 text-xs text-slate-600">{t('header.approximationHint')}</p>
          </div>
        )}
      </div>
      {/* Three buttons: beside the name from 1024 px, under it before (the sidebar leaves 480 px at 768 px). */}
      <div className="flex flex-wrap gap-2 lg:shrink-0">
        {actions}
        {onNew && (
          <Button onClick={onNew} className="shrink-0">
            <PlusIcon className="h-4 w-4" strokeWidth={2.2} />
            {t('header.newAnalysis')}
          </Button>
        )}
      </div>
    </header>
  );
}

function EmptyState({ keyword, onNew }: { keyword: Keyword; onNew: (() => void) | undefined }) {
  const { t } = useTranslation('rankmaps');
  return (
    <section aria-labelledby="empty-title" className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span aria-hidden="true" className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <MapPinIcon className="h-6 w-6" />
      </span>
      <h2 id="empty-title" className="mt-4 text-lg font-semibold text-slate-900">
        {t('empty.title')}
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {t('empty.body', { place: keyword.placeId.name, keyword: keyword.name })}
      </p>
      {onNew && (
        <Button className="mt-5" onClick={onNew}>
          {t('empty.cta')}
        </Button>
      )}
    </section>
  );
}
