import type { AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import { MapIcon, PlusIcon, SparklesIcon } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClass } from '@/components/ui/button';
import { NotFoundState } from '@/components/ui/not-found-state';
import { QueryState, bothQueries } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCan } from '@/lib/workspace/use-workspace';
import { useAiHistory, useAiKeyword } from '../api/ai-visibility';
import { AiAnalysisView } from './ai-analysis-view';
import { AiHistoryList } from './ai-history-list';
import { NewAiScanModal } from './new-ai-scan-modal';

const AiTrend = lazy(() => import('./ai-trend'));

/**
 * /rankmap/{placeId}/keyword/{keywordId}/ai: «Visibilidad en IA» of a keyword (issue 30 item 1):
 * its AI analyses, the selected one (running: its progress; completed: its figures, map, answers,
 * competitors and comparison), the trend, and «Nuevo análisis de IA» for roles that run scans.
 */
export function AiVisibilityPage({ placeId, keywordId }: { placeId: string; keywordId: string }) {
  const { t } = useTranslation('ai-visibility');
  const keywordQuery = useAiKeyword(keywordId);
  const historyQuery = useAiHistory(keywordId);
  const err = keywordQuery.error ?? historyQuery.error;
  if (err instanceof ApiError && err.status === 404) return <NotFoundState title={t('notFound.title')} body={t('notFound.body')} />;
  return (
    <QueryState query={bothQueries(keywordQuery, historyQuery)} error={t('errors.load')}>
      {([keyword, history]) =>
        keyword.placeId._id !== placeId ? (
          <Navigate to={paths.aiVisibility.getHref(keyword.placeId._id, keyword._id)} replace />
        ) : (
          <Loaded keyword={keyword} history={history.data} />
        )
      }
    </QueryState>
  );
}

function Loaded({ keyword, history }: { keyword: Keyword; history: AiAnalysisSummary[] }) {
  const { t } = useTranslation('ai-visibility');
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  // Spending credits is for roles with 'scan.run' (docs/decisions.md §30.7); the others only read.
  const canScan = useCan('scan.run');
  // An alert links to …/ai?analysis=<id>&compare=<previous> (docs/decisions.md §31.7).
  const selectedId = params.get('analysis') ?? history[0]?.id ?? null;
  const compareId = params.get('compare');
  const select = (id: string) => setParams({ analysis: id }, { replace: true });
  const onNew = canScan ? () => setCreating(true) : undefined;

  return (
    <div data-page="ai-visibility" className="space-y-6">
      <Breadcrumb
        label={t('breadcrumb.label')}
        items={[
          { label: t('breadcrumb.home'), to: paths.root.getHref() },
          { label: t('breadcrumb.rankmap'), to: paths.rankmap.getHref() },
          { label: keyword.placeId.name, to: paths.place.getHref(keyword.placeId._id) },
          { label: keyword.name, to: paths.keywordAnalysis.getHref(keyword.placeId._id, keyword._id) },
          { label: t('title') },
        ]}
      />
      <header className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t('title')}</p>
          <h1 className="mt-0.5 text-xl font-bold tracking-tight break-words text-slate-900 sm:text-2xl">{keyword.name}</h1>
          <p className="mt-1 text-sm break-words text-slate-700">
            <span className="font-medium">{keyword.placeId.name}</span>
            {keyword.placeId.address && <span className="text-slate-500"> · {keyword.placeId.address}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 lg:shrink-0">
          <Link to={paths.keywordAnalysis.getHref(keyword.placeId._id, keyword._id)} className={buttonClass('secondary')}>
            <MapIcon className="h-4 w-4" />
            {t('header.mapAnalysis')}
          </Link>
          {onNew && (
            <Button onClick={onNew}>
              <PlusIcon className="h-4 w-4" strokeWidth={2.2} />
              {t('header.new')}
            </Button>
          )}
        </div>
      </header>

      {history.length === 0 ? (
        <section aria-labelledby="ai-empty-title" className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="ai-empty">
          <span aria-hidden="true" className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <SparklesIcon className="h-6 w-6" />
          </span>
          <h2 id="ai-empty-title" className="mt-4 text-lg font-semibold text-slate-900">
            {t('empty.title')}
          </h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('empty.body', { keyword: keyword.name })}</p>
          {onNew ? (
            <Button className="mt-5" onClick={onNew}>
              {t('header.new')}
            </Button>
          ) : (
            <p className="mt-4 text-sm text-slate-700">{t('empty.noRole')}</p>
          )}
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <div className="min-w-0 space-y-6">
            {selectedId && <AiAnalysisView key={selectedId} id={selectedId} history={history} compareId={compareId} />}
            <section aria-labelledby="ai-trend-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <h2 id="ai-trend-title" className="text-base font-semibold text-slate-900">
                {t('trend.title')}
              </h2>
              <div className="mt-3">
                <Suspense fallback={null}>
                  <AiTrend history={history} />
                </Suspense>
              </div>
            </section>
          </div>
          <AiHistoryList history={history} selectedId={selectedId} onSelect={select} />
        </div>
      )}

      {creating && (
        <NewAiScanModal
          keywordId={keyword._id}
          onClose={() => setCreating(false)}
          onStarted={(id) => {
            setCreating(false);
            select(id);
          }}
        />
      )}
    </div>
  );
}
