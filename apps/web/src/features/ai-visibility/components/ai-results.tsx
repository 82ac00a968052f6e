import type { AiAnalysisResponse, AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { useAiPoints } from '../api/ai-visibility';
import { formatShare } from '@/lib/ai-figures';
import type { AiMapPoint } from './ai-map';
import { AiCompare } from './ai-compare';
import { AiCompetitorsTable } from './ai-competitors';
import { AiFiguresCards } from './ai-figures-cards';
import { AiPointPanel } from './ai-point-panel';

const AiMap = lazy(() => import('./ai-map'));
const ALL = 'all';
const CITY_POINT = -1;

type Metrics = NonNullable<AiAnalysisResponse['metrics']>;

/**
 * A completed AI analysis (issue 30 items 2–5): the three figures per engine and overall, the
 * map of the chosen engine (or all point engines pooled), a city-wide engine as one figure, the
 * point panel, the competitors and the comparison with another analysis of the keyword.
 */
export function AiResults({ analysis, metrics, others, compareId }: { analysis: AiAnalysisResponse; metrics: Metrics; others: AiAnalysisSummary[]; compareId: string | null }) {
  const { t, i18n } = useTranslation('ai-visibility');
  const [engine, setEngine] = useState<string>(ALL);
  const [selected, setSelected] = useState<number | null>(null);
  const pointsQuery = useAiPoints(analysis.id, true);
  const labels = Object.fromEntries(analysis.engines.map((e) => [e.id, e.label]));
  const pointEngines = analysis.engines.filter((e) => e.scope === 'point');
  const current = analysis.engines.find((e) => e.id === engine);
  const city = current?.scope === 'city';
  const shares = engine === ALL ? metrics.points : (metrics.enginePoints[engine] ?? []);
  const mapPoints: AiMapPoint[] = analysis.grid.points.flatMap((g) => {
    const s = shares.find((p) => p.point === g.index);
    return s ? [{ ...g, share: s.share, wide: s.wide }] : [];
  });
  const choices = [...(pointEngines.length > 1 ? [{ id: ALL, label: t('results.allEngines') }] : []), ...analysis.engines.map((e) => ({ id: e.id, label: e.label }))];
  const shown = engine === ALL && pointEngines.length === 1 ? pointEngines[0]!.id : engine;
  const cityFigure = city ? metrics.enginePoints[engine]?.[0] : undefined;
  const selectedPoint = pointsQuery.data?.points.find((p) => p.point === selected);
  const grid = analysis.grid.points.find((g) => g.index === selected);

  return (
    <div className="space-y-6">
      <AiFiguresCards metrics={metrics} engines={analysis.engines} />

      <section aria-labelledby="ai-map-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="ai-map-title" className="text-base font-semibold text-slate-900">
          {t('results.mapTitle')}
        </h2>
        <div role="group" aria-label={t('results.engineSwitch')} className="mt-3 flex flex-wrap gap-2">
          {choices.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={shown === c.id}
              onClick={() => {
                setEngine(c.id);
                setSelected(null);
              }}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${shown === c.id ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
            >
              {c.label}
            </button>
          ))}
        </div>
        <div className="mt-3">
          {city ? (
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="ai-city-figure">
              <p className="text-sm text-slate-700">{t('results.cityHint', { engine: current?.label })}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{cityFigure ? formatShare(cityFigure.share, i18n.language) : '—'}</p>
              <button type="button" className="mt-2 text-sm font-medium text-brand-700 underline" onClick={() => setSelected(CITY_POINT)}>
                {t('results.cityAnswers')}
              </button>
            </div>
          ) : (
            <Suspense fallback={<MapLoading />}>
              <AiMap points={mapPoints} center={analysis.grid.center} selected={selected} onSelect={setSelected} demo={analysis.demo} />
            </Suspense>
          )}
        </div>
        {selected !== null && (
          <div className="mt-4">
            <QueryState query={pointsQuery} error={t('panel.failedToLoad')} loading={t('panel.loading')}>
              {() =>
                selectedPoint ? (
                  <AiPointPanel
                    point={{ ...selectedPoint, answers: selectedPoint.answers.filter((a) => engine === ALL || a.engine === engine) }}
                    where={grid ? { row: grid.row + 1, col: grid.col + 1 } : null}
                    engineLabels={labels}
                    onClose={() => setSelected(null)}
                  />
                ) : (
                  <p className="text-sm text-slate-700">{t('panel.noAnswers')}</p>
                )
              }
            </QueryState>
          </div>
        )}
      </section>

      <AiCompetitorsTable competitors={metrics.competitors} />
      <AiCompare analysis={analysis} others={others} engineLabels={labels} initialOtherId={compareId} />
    </div>
  );
}

function MapLoading() {
  const { t } = useTranslation('ai-visibility');
  return (
    <div role="status" className="flex h-80 items-center justify-center gap-2 rounded-xl bg-slate-50 text-sm text-slate-600 ring-1 ring-slate-200">
      <Spinner className="h-4 w-4" />
      {t('map.loading')}
    </div>
  );
}
