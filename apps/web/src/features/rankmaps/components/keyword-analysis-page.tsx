import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import type { AnalyzeResponse, RankMapStatusResponse, RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { useQueryClient } from '@tanstack/react-query';
import { MapPinIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { PageLoader, Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/session';
import { useAnalyses } from '../api/get-analyses';
import { useAnalysis } from '../api/get-analysis';
import { useAnalysisStatus } from '../api/get-analysis-status';
import { useKeyword } from '../api/get-keyword';
import { rankmapsKeys } from '../api/keys';
import { isPollingActive, isRunningStatus, liveStatus, resolveSelection, timelineState } from '../utils/analysis-logic';
import { formatPercent } from '../utils/format';
import { AnalysisTimeline } from './analysis-timeline';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { ExportButtons } from './export-buttons';
import { FollowableCompetitors } from './followable-competitors';
import { type MapMode, ModeSwitch } from './mode-switch';
import { NewAnalysisModal } from './new-analysis-modal';
import { PointPanel } from './point-panel';
import { ProgressBar } from './progress-bar';
import { ResultsMap } from './results-map';
import { TrendSection } from './trend-section';
import { SummaryPanel } from './summary-panel';

interface KeywordAnalysisPageProps {
  placeId: string;
  keywordId: string;
  profile: Profile;
}

/** A clock for the timeline: a scheduled analysis whose time comes turns from Programado to Retrasado. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * /rankmap/{placeId}/keyword/{keywordId} (spec §2, §4): the keyword's analyses, the selected
 * one's summary, map (Ranking Map / Competidores), point panel and competitors, and the
 * New Analysis modal. A running analysis is polled every 2 s until its results load.
 */
export function KeywordAnalysisPage({ placeId, keywordId, profile }: KeywordAnalysisPageProps) {
  const { t } = useTranslation('rankmaps');
  const queryClient = useQueryClient();
  const now = useNow(15_000);
  const keywordQuery = useKeyword(keywordId);
  const listQuery = useAnalyses(keywordId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const list = listQuery.data ?? [];
  const selectedId = resolveSelection(chosen, list, now);
  // The selection sticks once made, so a weekly scan starting later does not pull the page away.
  if (selectedId !== null && selectedId !== chosen) setChosen(selectedId);
  const selected = list.find((e) => e.id === selectedId);

  const statusQuery = useAnalysisStatus(selectedId, isPollingActive(selected, undefined, now));
  const polled = statusQuery.data;
  const live = selected ? liveStatus(selected, polled) : undefined;

  // Spec §4: once the polled analysis finishes, the list is refreshed (and the profile: failed points were refunded).
  const entryStatus = selected?.status;
  const liveState = live?.status;
  useEffect(() => {
    if (!entryStatus || !liveState) return;
    if (isRunningStatus(entryStatus) && !isRunningStatus(liveState)) {
      void queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    }
  }, [entryStatus, liveState, keywordId, queryClient]);

  if (keywordQuery.isError || listQuery.isError) {
    const err = keywordQuery.error ?? listQuery.error;
    if (err instanceof ApiError && err.status === 404) return <Navigate to="/" replace />;
    const retry = () => void Promise.all([keywordQuery.isError && keywordQuery.refetch(), listQuery.isError && listQuery.refetch()]);
    return (
      <AlertBanner tone="error" title={keywordQuery.isError ? t('errors.loadKeyword') : t('errors.loadList')}>
        <Button variant="secondary" className="mt-3 py-2!" loading={keywordQuery.isFetching || listQuery.isFetching} onClick={retry}>
          {t('retry')}
        </Button>
      </AlertBanner>
    );
  }
  if (keywordQuery.isPending || listQuery.isPending) return <PageLoader />;
  const keyword = keywordQuery.data;
  // The URL's place is not the keyword's: show it under its own place.
  if (keyword.placeId._id !== placeId) return <Navigate to={`/rankmap/${keyword.placeId._id}/keyword/${keyword._id}`} replace />;

  const realEntries = list.filter((e) => !e.virtual);
  const onStarted = (result: AnalyzeResponse) => {
    setCreating(false);
    // The list already holds it (the mutation waited for the refetch): select it and follow it.
    if (result.kind !== 'scheduled') setChosen(result.rankMapId);
  };

  return (
    <div data-page="keyword-analysis" className="space-y-6">
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { label: t('breadcrumb.home'), to: '/' },
          { label: t('breadcrumb.rankmap'), to: '/rankmap' },
          { label: keyword.placeId.name, to: `/rankmap/${keyword.placeId._id}` },
          { label: keyword.name },
        ]}
      />
      <Header keyword={keyword} isDemo={selected?.isDemo ?? false} onNew={() => setCreating(true)} />

      {list.length === 0 ? (
        <EmptyState keyword={keyword} onNew={() => setCreating(true)} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
          {/* Not an <aside>: the timeline is its own named region, and a second unnamed
              complementary landmark (besides the app sidebar) would be ambiguous. */}
          <div className="lg:sticky lg:top-4">
            <AnalysisTimeline
              keywordId={keywordId}
              entries={list}
              selectedId={selectedId}
              live={polled}
              timeZone={keyword.placeId.timeZone}
              now={now}
              onSelect={setChosen}
            />
          </div>
          <div className="min-w-0 space-y-6">
            {realEntries.length === 0 ? (
              <EmptyState keyword={keyword} onNew={() => setCreating(true)} />
            ) : selected && live ? (
              <SelectedAnalysis key={selected.id} keyword={keyword} entry={selected} live={live} now={now} />
            ) : (
              <Panel title={t('status.noneTitle')} body={t('empty.scheduledOnly')} />
            )}
          </div>
        </div>
      )}

      {creating && <NewAnalysisModal keyword={keyword} profile={profile} onClose={() => setCreating(false)} onStarted={onStarted} />}
    </div>
  );
}

function Header({ keyword, isDemo, onNew }: { keyword: Keyword; isDemo: boolean; onNew: () => void }) {
  const { t } = useTranslation('rankmaps');
  return (
    <header className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('header.keyword')}</p>
        <h1 className="mt-0.5 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">{keyword.name}</h1>
        <p className="mt-1 text-sm break-words text-slate-700">
          <span className="font-medium">{keyword.placeId.name}</span>
          {keyword.placeId.address && <span className="text-slate-500"> · {keyword.placeId.address}</span>}
        </p>
        {isDemo && (
          <p
            className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300"
            title={t('header.demoHint')}
            data-testid="demo-label"
          >
            {t('header.demo')}
            <span className="sr-only">: {t('header.demoHint')}</span>
          </p>
        )}
      </div>
      <Button onClick={onNew} className="shrink-0">
        <PlusIcon className="h-4 w-4" strokeWidth={2.2} />
        {t('header.newAnalysis')}
      </Button>
    </header>
  );
}

function EmptyState({ keyword, onNew }: { keyword: Keyword; onNew: () => void }) {
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
      <Button className="mt-5" onClick={onNew}>
        {t('empty.cta')}
      </Button>
    </section>
  );
}

function Panel({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {body && <p className="mt-1 text-sm text-slate-600">{body}</p>}
      {children}
    </section>
  );
}

interface SelectedAnalysisProps {
  keyword: Keyword;
  entry: RankMapSummary;
  live: RankMapStatusResponse;
  now: Date;
}

/** The selected analysis: its progress while it runs, its reason if it failed, its results once complete. */
function SelectedAnalysis({ keyword, entry, live, now }: SelectedAnalysisProps) {
  const { t, i18n } = useTranslation('rankmaps');
  if (live.status === 'failed') {
    return (
      <AlertBanner tone="error" title={t('status.failedTitle')}>
        <p data-testid="failure-reason">{live.failureReason ?? entry.failureReason ?? t('timeline.failedFallback')}</p>
      </AlertBanner>
    );
  }
  if (live.status === 'completed') return <CompletedAnalysis keyword={keyword} entry={entry} />;

  const key = live.status === 'processing' ? 'processing' : timelineState(entry, now) === 'delayed' ? 'delayed' : 'queued';
  const pct = formatPercent(live.progress, i18n.language, 0);
  return (
    <Panel title={t(`status.${key}Title`)} body={t(`status.${key}Body`)}>
      <div className="mt-5 flex items-center gap-3">
        <ProgressBar value={live.progress} label={t('status.progressLabel')} valueText={pct} />
        <span className="w-14 shrink-0 text-right text-sm font-semibold text-slate-800 tabular-nums" data-testid="analysis-progress">
          {pct}
        </span>
      </div>
    </Panel>
  );
}

function CompletedAnalysis({ keyword, entry }: { keyword: Keyword; entry: RankMapSummary }) {
  const { t } = useTranslation('rankmaps');
  const detail = useAnalysis(entry.id, true);
  const [mode, setMode] = useState<MapMode>('ranking');
  const [point, setPoint] = useState<number | null>(null);

  if (detail.isPending) {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl bg-white p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200"
      >
        <Spinner className="h-5 w-5 text-brand-700" />
        {t('status.loadingResults')}
      </div>
    );
  }
  if (detail.isError) {
    return (
      <AlertBanner tone="error" title={t('errors.loadResults')}>
        <Button variant="secondary" className="mt-3 py-2!" loading={detail.isFetching} onClick={() => void detail.refetch()}>
          {t('retry')}
        </Button>
      </AlertBanner>
    );
  }
  const { rankMap, results, competitorAnalysis } = detail.data;
  const selectedResult = point === null ? undefined : results[point];
  return (
    <>
      <SummaryPanel stats={rankMap.stats ?? entry.stats} failedPoints={rankMap.failedPoints} />
      <TrendSection keywordId={keyword._id} />
      <section aria-labelledby="results-map-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="results-map-title" className="text-base font-semibold text-slate-900">
            {t('map.title')}
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <ExportButtons rankMapId={rankMap.id} />
            <ModeSwitch mode={mode} onChange={setMode} />
          </div>
        </div>
        <ResultsMap
          results={results}
          competitors={competitorAnalysis?.competitors ?? []}
          mode={mode}
          center={rankMap.grid.center}
          selectedIndex={selectedResult ? point : null}
          onSelectPoint={setPoint}
          isDemo={rankMap.isDemo}
        />
      </section>
      {selectedResult && <PointPanel result={selectedResult} ourPlaceId={keyword.placeId.googlePlaceId} onClose={() => setPoint(null)} />}
      {competitorAnalysis && <FollowableCompetitors placeId={keyword.placeId._id} analysis={competitorAnalysis} />}
    </>
  );
}
