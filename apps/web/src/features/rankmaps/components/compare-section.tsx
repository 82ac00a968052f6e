import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import type { RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { ArrowDownIcon, ArrowUpIcon, EqualIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { useAnalysis } from '../api/get-analysis';
import { useComparison } from '../api/compare-analyses';
import { dataSourceNotice } from '../utils/analysis-logic';
import { comparableAnalyses, defaultReference, signed } from '../utils/compare-view';
import { MovementMap } from './movement-map';
import { ResultsMap } from './results-map';

/** The summary's label key of each compared metric (summary.<key>.label). */
const SUMMARY_KEY = {
  geoRank: 'geoRank',
  avgPosition: 'avgPosition',
  avgTotalPosition: 'avgTotalPosition',
  localPackPercentage: 'localPack',
  foundPercentage: 'found',
  visibilityIndex: 'visibility',
} as const;
const PERCENT_METRICS = new Set(['localPackPercentage', 'foundPercentage']);

interface CompareSectionProps {
  /** The analysis on screen. */
  current: RankMapSummary;
  /** The keyword's analyses (the timeline's entries). */
  entries: readonly RankMapSummary[];
  timeZone: string;
}

/**
 * "Comparar con…" (issue 16, docs/decisions.md §23.1): the analysis on screen against another
 * completed one of the keyword, by default the one before it. Shows both maps side by side
 * (stacked on narrow screens), the movement map, the metric deltas and the competitors'
 * changes.
 */
export function CompareSection({ current, entries, timeZone }: CompareSectionProps) {
  const { t, i18n } = useTranslation('rankmaps');
  const lang = i18n.language;
  const completed = comparableAnalyses(entries);
  const others = completed.filter((e) => e.id !== current.id);
  // A notification's link (?analysis=<this>&compare=<other>) opens with that comparison shown.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('analysis') === current.id ? searchParams.get('compare') : null;
  const [picked, setPicked] = useState<string | null>(linked);
  const [shown, setShown] = useState<string | null>(linked);
  // A link followed while the section is on screen (the bell, on this same page) shows its comparison.
  const [seenLink, setSeenLink] = useState(linked);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked) {
      setPicked(linked);
      setShown(linked);
    }
  }
  const linkedShown = linked !== null && others.some((e) => e.id === linked);
  useEffect(() => {
    if (linkedShown) document.getElementById('compare-title')?.scrollIntoView({ block: 'start' });
  }, [linkedShown]);
  const fallback = defaultReference(current.id, completed);
  const choice = picked && others.some((e) => e.id === picked) ? picked : others.some((e) => e.id === fallback) ? fallback : (others[0]?.id ?? null);

  const dateOf = (e: RankMapSummary) => formatDateTime(e.completedAt ?? e.createdAt, lang, timeZone);
  return (
    <section aria-labelledby="compare-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="compare-section">
      <h2 id="compare-title" className="text-base font-semibold text-slate-900">
        {t('compare.title')}
      </h2>
      {others.length === 0 || !choice ? (
        <p className="text-sm text-slate-600" data-testid="compare-empty">
          {t('compare.needSecond')}
        </p>
      ) : (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setShown(choice);
          }}
        >
          <SelectField
            className="min-w-60 flex-1 sm:max-w-sm"
            label={t('compare.with')}
            value={choice}
            onChange={(e) => setPicked(e.target.value)}
            options={others.map((e) => ({ value: e.id, label: t('compare.option', { date: dateOf(e) }) }))}
            data-testid="compare-select"
          />
          <Button type="submit" data-testid="compare-submit">
            {t('compare.submit')}
          </Button>
        </form>
      )}
      {shown && others.some((e) => e.id === shown) && <ComparisonResult currentId={current.id} otherId={shown} dateOf={dateOf} />}
    </section>
  );
}

function ComparisonResult({ currentId, otherId, dateOf }: { currentId: string; otherId: string; dateOf: (e: RankMapSummary) => string }) {
  const { t } = useTranslation('rankmaps');
  const comparison = useComparison(currentId, otherId);
  // A refusal the user can act on (4xx) is worth its own words under the heading.
  const refusal = comparison.error instanceof ApiError && comparison.error.status < 500 ? comparison.error.message : null;
  const error = (
    <>
      {t('compare.error')}
      {refusal && <span className="mt-1 block font-normal">{refusal}</span>}
    </>
  );
  return (
    <QueryState query={comparison} loading={t('compare.loading')} error={error}>
      {(data) => <ComparisonView data={data} dateOf={dateOf} />}
    </QueryState>
  );
}

function ComparisonView({ data, dateOf }: { data: CompareResponse; dateOf: (e: RankMapSummary) => string }) {
  const { t } = useTranslation('rankmaps');
  const notice = dataSourceNotice(data.current) ?? dataSourceNotice(data.reference);
  return (
    <div className="space-y-6" data-testid="comparison">
      <p className="text-sm text-slate-700">
        {t('compare.between', { current: dateOf(data.current), reference: dateOf(data.reference) })}
      </p>
      <MetricDeltas metrics={data.metrics} />
      <section aria-labelledby="movement-title" className="space-y-2">
        <h3 id="movement-title" className="text-sm font-semibold text-slate-900">
          {t('compare.map.title')}
        </h3>
        {!data.points.sameGrid && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="compare-grid-differs">
            {t('compare.gridDiffers', {
              count: data.points.points.length,
              tolerance: data.points.toleranceMetres,
              current: data.points.unmatched.current.length,
              reference: data.points.unmatched.reference.length,
            })}
          </p>
        )}
        <MovementMap points={data.points} center={data.current.grid.center} notice={notice} />
      </section>
      <SideBySide data={data} dateOf={dateOf} />
      <CompetitorChanges competitors={data.competitors} />
    </div>
  );
}

function MetricDeltas({ metrics }: { metrics: CompareResponse['metrics'] }) {
  const { t, i18n } = useTranslation('rankmaps');
  const lang = i18n.language;
  const value = (key: string, n: number | null) =>
    n === null ? '+20' : PERCENT_METRICS.has(key) ? `${formatDecimal(n, lang)} %` : formatDecimal(n, lang, 2);
  return (
    <section aria-labelledby="deltas-title">
      <h3 id="deltas-title" className="text-sm font-semibold text-slate-900">
        {t('compare.deltas.title')}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="compare-deltas">
        {metrics.map((m) => {
          const tone = m.trend === 'improved' ? 'text-green-800' : m.trend === 'worsened' ? 'text-red-800' : 'text-slate-700';
          const Icon = m.trend === 'improved' ? (m.better === 'higher' ? ArrowUpIcon : ArrowDownIcon) : m.trend === 'worsened' ? (m.better === 'higher' ? ArrowDownIcon : ArrowUpIcon) : EqualIcon;
          const delta = m.delta === null ? '—' : signed(m.delta, (n) => (PERCENT_METRICS.has(m.key) ? `${formatDecimal(n, lang)} pp` : formatDecimal(n, lang, 2)));
          return (
            <div key={m.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-metric={m.key} data-trend={m.trend ?? 'none'}>
              <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t(`summary.${SUMMARY_KEY[m.key]}.label`)}</dt>
              <dd className={`mt-1 flex items-center gap-1 text-xl font-bold tabular-nums ${tone}`} data-testid="delta-value">
                {m.delta !== null && <Icon aria-hidden="true" className="h-4 w-4 shrink-0" strokeWidth={2.5} />}
                {delta}
              </dd>
              <dd className="mt-1 text-xs text-slate-600">
                {m.trend ? t(`compare.deltas.${m.trend}`) : t('compare.deltas.none')} ·{' '}
                {t('compare.deltas.fromTo', { reference: value(m.key, m.reference), current: value(m.key, m.current) })}
              </dd>
              <dd className="mt-0.5 text-xs text-slate-500">{t(m.better === 'higher' ? 'compare.deltas.higherBetter' : 'compare.deltas.lowerBetter')}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The two analyses' ranking maps, side by side from lg, one under the other below. */
function SideBySide({ data, dateOf }: { data: CompareResponse; dateOf: (e: RankMapSummary) => string }) {
  const { t } = useTranslation('rankmaps');
  return (
    <section aria-labelledby="side-by-side-title" className="space-y-2">
      <h3 id="side-by-side-title" className="text-sm font-semibold text-slate-900">
        {t('compare.sideBySide')}
      </h3>
      <div className="grid gap-4 lg:grid-cols-2" data-testid="compare-maps">
        <AnalysisMap entry={data.reference} title={t('compare.before', { date: dateOf(data.reference) })} />
        <AnalysisMap entry={data.current} title={t('compare.after', { date: dateOf(data.current) })} />
      </div>
    </section>
  );
}

function AnalysisMap({ entry, title }: { entry: CompareResponse['current']; title: string }) {
  const { t } = useTranslation('rankmaps');
  const detail = useAnalysis(entry.id, true);
  return (
    <figure className="min-w-0 space-y-2">
      <figcaption className="text-sm font-medium text-slate-800">{title}</figcaption>
      <QueryState query={detail} error={t('errors.loadResults')} loadingView={<MapLoading />}>
        {(analysis) => (
          <ResultsMap
            results={analysis.results}
            competitors={[]}
            mode="ranking"
            center={entry.grid.center}
            selectedIndex={null}
            onSelectPoint={() => undefined}
            notice={dataSourceNotice(entry)}
            business={null}
            label={t('compare.mapLabel', { title })}
          />
        )}
      </QueryState>
    </figure>
  );
}

/** The map's place while its results come: a spinner as tall as a small map. */
function MapLoading() {
  return (
    <div role="status" className="flex h-40 items-center justify-center text-brand-700">
      <Spinner className="h-5 w-5" />
    </div>
  );
}

function CompetitorChanges({ competitors }: { competitors: CompareResponse['competitors'] }) {
  const { t, i18n } = useTranslation('rankmaps');
  const lang = i18n.language;
  const list = (kind: 'gained' | 'lost') => {
    const rows = competitors[kind];
    return (
      <div className="min-w-0">
        <h4 className="text-sm font-medium text-slate-800">{t(`compare.competitors.${kind}`)}</h4>
        {rows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{t('compare.competitors.none')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-100" data-testid={`competitors-${kind}`}>
            {rows.map((c) => (
              <li key={c.placeId} className="flex items-center justify-between gap-3 py-1.5 text-sm">
                <span className="min-w-0 truncate text-slate-800">
                  {c.name}
                  {c.presence !== 'both' && <span className="ml-1 text-xs text-slate-500">({t(`compare.competitors.${c.presence}`)})</span>}
                </span>
                <span className={`inline-flex shrink-0 items-center gap-1 font-semibold tabular-nums ${kind === 'gained' ? 'text-green-800' : 'text-red-800'}`}>
                  {kind === 'gained' ? <ArrowUpIcon aria-hidden="true" className="h-3.5 w-3.5" /> : <ArrowDownIcon aria-hidden="true" className="h-3.5 w-3.5" />}
                  {t('compare.competitors.geoRank', { delta: signed(c.geoRankDelta, (n) => formatDecimal(n, lang, 2)) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  };
  return (
    <section aria-labelledby="competitor-changes-title" className="space-y-2">
      <h3 id="competitor-changes-title" className="text-sm font-semibold text-slate-900">
        {t('compare.competitors.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {list('gained')}
        {list('lost')}
      </div>
    </section>
  );
}
