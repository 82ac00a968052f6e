import type { AnalysisReport, Report, ReportAi, ReportBrand, ReportDataLabel } from '@rankmaps/shared/schemas/report';
import type { ReactNode } from 'react';
import { formatCount, formatDecimal, formatLongDate, formatPercent, formatRating, formatShortDate } from '@/lib/format';
import { REPORT_LANGUAGE as L, fill, reportTexts as t } from '../utils/texts';
import { formatMeanPosition, formatShare } from '@/lib/ai-figures';
import { HeatMap } from './heat-map';
import { TrendChart } from './trend-chart';

type Metric = AnalysisReport['metrics'][number];
const PERCENT_KEYS = new Set<Metric['key']>(['localPackPercentage', 'foundPercentage']);

/** Figures as the PDF writes them: es-ES, at most 2 decimals. */
const DIGITS = 2;
const num = (n: number) => formatDecimal(n, L, DIGITS);
const pct = (n: number) => formatPercent(n, L, DIGITS);
const formatMetric = (key: Metric['key'], value: number | null) => (value === null ? t.noValue : PERCENT_KEYS.has(key) ? pct(value) : num(value));

/** A change with its sign (a real minus, «−»); a percentage's change in percentage points. */
function formatDelta(key: Metric['key'], delta: number): string {
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '';
  const size = num(Math.abs(delta));
  return `${sign}${PERCENT_KEYS.has(key) ? fill(t.percentagePoints, { value: size }) : size}`;
}

/** The language's name in Spanish ('es' → 'español'), or the code when the browser does not know it. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([L], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([L], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Section({ title, children, id, nested = false }: { title: string; children: ReactNode; id: string; nested?: boolean }) {
  const Heading = nested ? 'h3' : 'h2';
  return (
    <section className="mt-8" aria-labelledby={id}>
      <Heading id={id} className={nested ? 'text-base font-semibold text-slate-900' : 'text-xl font-semibold text-slate-900'}>
        {title}
      </Heading>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function DataLabelBanner({ label }: { label: ReportDataLabel }) {
  if (!label) return null;
  return (
    <p role="note" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
      {t.dataLabel[label]}
    </p>
  );
}

const TREND_STYLE = { improved: 'text-emerald-700', worsened: 'text-red-700', same: 'text-slate-600' } as const;

function MetricCard({ metric }: { metric: Metric }) {
  const arrow = metric.delta === null ? '' : metric.delta > 0 ? '▲' : metric.delta < 0 ? '▼' : '=';
  const delta = metric.delta === null ? null : formatDelta(metric.key, metric.delta);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{t.metric[metric.key]}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{formatMetric(metric.key, metric.current)}</p>
      {delta !== null && metric.trend && (
        <p className={`mt-1 text-sm font-medium ${TREND_STYLE[metric.trend]}`}>
          <span aria-hidden="true">{arrow} </span>
          {delta} ({t.trendWord[metric.trend]})
        </p>
      )}
    </li>
  );
}

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-0 border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-2 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r} className="border-b border-slate-100">
              {cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-2 py-2 font-normal break-words">
                    {c}
                  </th>
                ) : (
                  <td key={i} className="px-2 py-2 text-right tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One analysis, in the order of docs/reports.md "The report document". */
export function AnalysisSection({ analysis, brand, idPrefix, nested }: { analysis: AnalysisReport; brand: ReportBrand; idPrefix: string; nested: boolean }) {
  const id = (s: string) => `${idPrefix}-${s}`;
  const facts: [string, string][] = [
    [t.keyword, analysis.keyword],
    ...(analysis.query ? ([[t.query, analysis.query]] as [string, string][]) : []),
    [t.date, formatLongDate(analysis.date, L)],
    [t.grid, fill(t.gridValue, { size: analysis.grid.gridSize, radius: num(analysis.grid.radius / 1000) })],
  ];
  return (
    <div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([k, v]) => (
          <div key={k} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-slate-700">{k}:</dt>
            <dd className="m-0 break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <DataLabelBanner label={analysis.dataLabel} />

      <Section title={t.insights} id={id('insights')} nested={nested}>
        {analysis.insights.length === 0 ? (
          <p className="text-sm text-slate-600">{t.noInsights}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {analysis.insights.map((insight) => (
              <li key={insight.rule}>{insight.text}</li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t.metrics} id={id('metrics')} nested={nested}>
        <p className="text-sm text-slate-600">
          {analysis.previousDate ? fill(t.metricsComparedWith, { date: formatLongDate(analysis.previousDate, L) }) : t.metricsNoPrevious}
        </p>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {analysis.metrics.map((m) => (
            <MetricCard key={m.key} metric={m} />
          ))}
        </ul>
      </Section>

      <Section title={t.heatMap} id={id('heatmap')} nested={nested}>
        <HeatMap cells={analysis.cells} gridSize={analysis.grid.gridSize} accent={brand.accent} />
      </Section>

      <Section title={t.movement} id={id('movement')} nested={nested}>
        {analysis.movement ? (
          <ul className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            {(Object.keys(t.movementKind) as (keyof typeof t.movementKind)[]).map((k) => (
              <li key={k} className="flex justify-between gap-3 rounded border border-slate-200 px-3 py-2">
                <span>{t.movementKind[k]}</span>
                <span className="font-semibold tabular-nums">{formatCount(analysis.movement![k], L)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t.movementNone}</p>
        )}
      </Section>

      <Section title={t.trend} id={id('trend')} nested={nested}>
        <TrendChart trend={analysis.trend} accent={brand.accent} />
      </Section>

      <Section title={t.competitors} id={id('competitors')} nested={nested}>
        {analysis.competitors.length === 0 ? (
          <p className="text-sm text-slate-600">{t.competitorsEmpty}</p>
        ) : (
          <Table
            caption={t.competitors}
            head={[t.column.name, t.column.geoRank, t.column.avgTotalPosition, t.column.localPack, t.column.rating]}
            rows={analysis.competitors.map((c) => [
              <>
                {c.name} {c.isOurBusiness && <strong className="font-semibold">{t.ours}</strong>}
              </>,
              num(c.geoRank),
              c.avgTotalPosition === null ? t.noValue : num(c.avgTotalPosition),
              pct(c.localPackPercentage),
              c.rating === null ? t.noValue : formatRating(c.rating, L),
            ])}
          />
        )}
      </Section>

      <Section title={t.ads} id={id('ads')} nested={nested}>
        {analysis.ads.length === 0 ? (
          <p className="text-sm text-slate-600">{t.adsEmpty}</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {analysis.ads.map((ad) => (
              <li key={ad.name}>
                {fill(t.adShare, { name: ad.name, share: pct(ad.share) })} {ad.isOurBusiness && t.ours}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t.explanation} id={id('explanation')} nested={nested}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {Object.values(t.explain).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function BrandHeader({ report }: { report: Report }) {
  const { brand, client, place } = report;
  return (
    <header className="pb-4">
      {/* The brand's band: white on the accent, which the white-label form keeps readable (docs/reports.md, "White-label"). */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl px-4 py-3 text-white" style={{ backgroundColor: brand.accent }}>
        {brand.logoUrl && (
          <span className="rounded-lg bg-white p-1">
            <img src={brand.logoUrl} alt="" className="block h-10 w-auto max-w-[10rem] object-contain" />
          </span>
        )}
        <p className="text-lg font-bold break-words">{brand.name}</p>
        {brand.contact && <p className="text-sm break-words">{fill(t.contact, { contact: brand.contact })}</p>}
      </div>
      {/* The client the business is grouped under (docs/decisions.md §25.1), beside the agency's brand above. */}
      {client && (
        <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="report-client">
          {client.logoUrl && (
            <span className="rounded-lg border border-slate-200 bg-white p-1">
              <img src={client.logoUrl} alt={fill(t.clientLogoAlt, { client: client.name })} className="block h-10 w-auto max-w-[10rem] object-contain" />
            </span>
          )}
          <p className="text-base font-semibold break-words text-slate-900">{fill(t.reportFor, { client: client.name })}</p>
        </div>
      )}
      <p className="mt-4 text-sm font-medium tracking-wide text-slate-600 uppercase">{t.reportOf}</p>
      <h1 className="mt-1 text-2xl font-bold break-words text-slate-900 sm:text-3xl">{place.name}</h1>
      {place.address && <p className="mt-1 text-slate-700 break-words">{place.address}</p>}
      <p className="mt-1 text-sm text-slate-600">
        {t.market}: {fill(t.marketValue, { country: countryName(place.market.countryCode), language: languageName(place.market.languageCode) })}
      </p>
    </header>
  );
}

/** A keyword's latest AI-visibility analysis (docs/decisions.md §31.10, docs/decisions.md §31.13): every figure with its interval, and its findings. */
function AiSection({ ai, title = t.ai.title, id = 'ai' }: { ai: ReportAi; title?: string; id?: string }) {
  const a = t.ai;
  const figures = (label: string, f: ReportAi['overall']) => [label, formatShare(f.shareOfVoice, L), formatShare(f.mentionedIn, L), formatMeanPosition(f.avgPosition, L)];
  return (
    <Section title={title} id={id}>
      <div data-testid="report-ai">
        <p className="mb-3 text-sm text-slate-700">{fill(a.intro, { date: formatShortDate(ai.date, L), grid: ai.gridSize, samples: ai.samples })}</p>
        {(ai.findings ?? []).map((f) => (
          <p key={f.text} className="mb-3 text-sm text-slate-800">
            {f.text}
          </p>
        ))}
        {ai.demo && <p className="mb-3 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">{a.demo}</p>}
        <Table caption={a.title} head={[a.engine, a.shareOfVoice, a.mentionedIn, a.avgPosition]} rows={[figures(a.overall, ai.overall), ...ai.engines.map((e) => figures(e.label, e))]} />
        {ai.competitors.length > 0 && (
          <div className="mt-4">
            <Table caption={a.businesses} head={[a.business, a.shareOfVoice]} rows={ai.competitors.map((c) => [c.isTarget ? fill(a.you, { name: c.name }) : c.name, formatShare(c.share, L)])} />
          </div>
        )}
      </div>
    </Section>
  );
}

/** The whole report, read-only: the share page renders it, and the app can (docs/reports.md). */
export function ReportView({ report }: { report: Report }) {
  const { brand } = report;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <BrandHeader report={report} />
      <main>
        {report.scope === 'analysis' && (
          <div className="mt-6">
            <AnalysisSection analysis={report.analysis} brand={brand} idPrefix="a" nested={false} />
          </div>
        )}
        {report.scope === 'analysis' && report.ai && <AiSection ai={report.ai} />}
        {report.scope === 'keyword' && (
          <>
            <Section title={t.history} id="history">
              {report.history.length === 0 ? (
                <p className="text-sm text-slate-600">{t.historyEmpty}</p>
              ) : (
                <Table
                  caption={t.history}
                  head={[t.date, t.column.geoRank, t.column.avgTotalPosition, t.column.localPack]}
                  rows={report.history.map((h) => [formatShortDate(h.date, L), num(h.geoRank), num(h.avgTotalPosition), pct(h.localPackPercentage)])}
                />
              )}
            </Section>
            {report.latest && (
              <Section title={`${t.latest}: ${fill(t.keywordSection, { keyword: report.keyword })}`} id="latest">
                <AnalysisSection analysis={report.latest} brand={brand} idPrefix="latest" nested />
              </Section>
            )}
            {report.ai && <AiSection ai={report.ai} />}
          </>
        )}
        {report.scope === 'place' && (
          <>
            <Section title={t.summary} id="summary">
              {report.summary.length === 0 ? (
                <p className="text-sm text-slate-600">{t.summaryEmpty}</p>
              ) : (
                <Table
                  caption={t.summary}
                  head={[t.keyword, t.column.geoRank, t.column.avgTotalPosition, t.column.localPack, t.date]}
                  rows={report.summary.map((row) => [
                    row.keyword,
                    row.geoRank === null ? t.noValue : num(row.geoRank),
                    row.avgTotalPosition === null ? t.noValue : num(row.avgTotalPosition),
                    row.localPackPercentage === null ? t.noValue : pct(row.localPackPercentage),
                    row.date ? formatShortDate(row.date, L) : t.noValue,
                  ])}
                />
              )}
            </Section>
            {report.reviewPace && (
              <Section title={t.reviewPace.title} id="review-pace">
                {report.reviewPace.finding && <p className="mb-3 text-sm text-slate-800">{report.reviewPace.finding.text}</p>}
                <Table
                  caption={t.reviewPace.title}
                  head={[t.reviewPace.business, t.reviewPace.rating, t.reviewPace.reviews, t.reviewPace.perMonth, t.reviewPace.gap, t.reviewPace.catchUp]}
                  rows={report.reviewPace.rows.map((row) => [
                    row.isOurs ? fill(t.reviewPace.you, { name: row.name }) : row.name,
                    row.rating === null ? t.noValue : formatRating(row.rating, L),
                    row.reviews === null ? t.noValue : formatCount(row.reviews, L),
                    row.reviewsPerMonth === null ? t.reviewPace.unknown : formatDecimal(row.reviewsPerMonth, L, 1),
                    row.gapToLeader === null ? t.noValue : formatCount(row.gapToLeader, L),
                    row.catchUp,
                  ])}
                />
                <p className="mt-2 text-xs text-slate-500">
                  {t.reviewPace.note}
                  {report.reviewPace.demo && ` ${t.reviewPace.demo}.`}
                </p>
              </Section>
            )}
            {report.keywords.map((analysis, i) => (
              <Section key={`${analysis.keyword}-${i}`} title={fill(t.keywordSection, { keyword: analysis.keyword })} id={`k${i}`}>
                <AnalysisSection analysis={analysis} brand={brand} idPrefix={`k${i}`} nested />
              </Section>
            ))}
            {(report.ai ?? []).map(({ keyword, ai }, i) => (
              <AiSection key={`ai-${keyword}-${i}`} ai={ai} title={`${t.ai.title}: ${fill(t.keywordSection, { keyword })}`} id={`ai${i}`} />
            ))}
          </>
        )}
      </main>
      <footer className="mt-10 border-t border-slate-200 pt-4 text-sm text-slate-600">
        {brand.footer && <p className="break-words">{brand.footer}</p>}
        <p>{fill(t.generatedAt, { date: formatLongDate(report.generatedAt, L) })}</p>
        {brand.poweredBy && <p className="mt-1 text-xs">{t.madeWith}</p>}
      </footer>
    </div>
  );
}
