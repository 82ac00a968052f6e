import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { RankMapStatusResponse, RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatPercent } from '@/lib/format';
import { useAnalysis } from '../api/get-analysis';
import { usePlaceLocation } from '../api/get-place-grid';
import { dataSourceNotice, runningPanel } from '../utils/analysis-logic';
import { ExportButtons } from './export-buttons';
import { FollowableCompetitors } from './followable-competitors';
import { type MapMode, ModeSwitch } from './mode-switch';
import { PointPanel } from './point-panel';
import { CompareSection } from './compare-section';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultsMap } from './results-map';
import { StatusPanel } from './status-panel';
import { SummaryPanel } from './summary-panel';
import { TrendSection } from './trend-section';

interface SelectedAnalysisProps {
  keyword: Keyword;
  entry: RankMapSummary;
  live: RankMapStatusResponse;
  now: Date;
  /** The keyword's analyses list, placed by this layout beside the summary (docs/decisions.md §22.3). */
  history: ReactNode;
  /** The keyword's analyses: what "Comparar con…" offers. */
  entries: readonly RankMapSummary[];
}

/**
 * The cells of the page's grid (two columns from lg, one below): a main cell and the history
 * beside it. ResultsLayout places a completed analysis's pieces; the other states use these two.
 */
export function MainAndHistory({ main, history }: { main: ReactNode; history: ReactNode }) {
  return (
    <>
      <div className="min-w-0 space-y-6">{main}</div>
      <div className="min-w-0">{history}</div>
    </>
  );
}

/** The selected analysis: its progress while it runs, its reason if it failed, its results once complete. */
export function SelectedAnalysis({ keyword, entry, live, now, history, entries }: SelectedAnalysisProps) {
  const { t, i18n } = useTranslation('rankmaps');
  if (live.status === 'failed') {
    return (
      <MainAndHistory
        history={history}
        main={
          <AlertBanner tone="error" title={t('status.failedTitle')}>
            <p data-testid="failure-reason">{live.failureReason ?? entry.failureReason ?? t('timeline.failedFallback')}</p>
          </AlertBanner>
        }
      />
    );
  }
  if (live.status === 'completed') return <CompletedAnalysis keyword={keyword} entry={entry} history={history} entries={entries} />;

  const { key, waiting } = runningPanel(entry, live, now);
  const pct = formatPercent(live.progress, i18n.language, 0);
  // While the vendor's standard queue holds the points (docs/decisions.md §21.2), the count says more than the percentage.
  const received = waiting
    ? t('status.waitingVendorProgress', {
        received: formatCount(waiting.received, i18n.language),
        total: formatCount(waiting.total, i18n.language),
      })
    : null;
  return (
    <MainAndHistory
      history={history}
      main={
        <StatusPanel title={t(`status.${key}Title`)} body={t(`status.${key}Body`)}>
          <div className="mt-5 flex items-center gap-3">
            <ProgressBar value={live.progress} label={t('status.progressLabel')} valueText={received ?? pct} />
            <span className="w-14 shrink-0 text-right text-sm font-semibold text-slate-800 tabular-nums" data-testid="analysis-progress">
              {pct}
            </span>
          </div>
          {received && (
            <p className="mt-2 text-sm text-slate-600" data-testid="vendor-queue-progress">
              {received}
            </p>
          )}
        </StatusPanel>
      }
    />
  );
}

function CompletedAnalysis({ keyword, entry, history, entries }: { keyword: Keyword; entry: RankMapSummary; history: ReactNode; entries: readonly RankMapSummary[] }) {
  const { t } = useTranslation('rankmaps');
  const detail = useAnalysis(entry.id, true);
  const business = usePlaceLocation(keyword.placeId._id);
  const [mode, setMode] = useState<MapMode>('ranking');
  const [point, setPoint] = useState<number | null>(null);

  // Until the results are here (or when they failed), the main column shows that, beside the history.
  if (detail.isPending || detail.isError) {
    const loading = (
      <div role="status" className="flex items-center gap-3 rounded-2xl bg-white p-6 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        <Spinner className="h-5 w-5 text-brand-700" />
        {t('status.loadingResults')}
      </div>
    );
    return (
      <MainAndHistory
        history={history}
        main={
          <QueryState query={detail} error={t('errors.loadResults')} loadingView={loading}>
            {() => null}
          </QueryState>
        }
      />
    );
  }
  const { rankMap, results, competitorAnalysis } = detail.data;
  const selectedResult = point === null ? undefined : results[point];
  // Map first, beside the summary and the history; the trend under the map; the point panel and the competitors
  // full width (docs/decisions.md §22.3). One column below lg, in this same order.
  return (
    <>
      <section aria-labelledby="results-map-title" className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
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
          notice={dataSourceNotice(rankMap)}
          business={business.data ?? null}
        />
      </section>
      <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <SummaryPanel stats={rankMap.stats ?? entry.stats} failedPoints={rankMap.failedPoints} results={results} />
        {history}
      </div>
      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <TrendSection keywordId={keyword._id} timeZone={keyword.placeId.timeZone} />
      </div>
      <div className="min-w-0 lg:col-span-2">
        <CompareSection current={entry} entries={entries} timeZone={keyword.placeId.timeZone} />
      </div>
      {selectedResult && <PointPanel result={selectedResult} ourPlaceId={keyword.placeId.googlePlaceId} onClose={() => setPoint(null)} />}
      {competitorAnalysis && (
        <div className="min-w-0 lg:col-span-2">
          <FollowableCompetitors placeId={keyword.placeId._id} analysis={competitorAnalysis} />
        </div>
      )}
    </>
  );
}
