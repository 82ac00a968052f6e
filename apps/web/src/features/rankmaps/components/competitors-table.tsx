import { ChevronDownIcon, ChevronsUpDownIcon, ChevronUpIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPETITORS_TABLE_LIMIT, COMPETITORS_TOP, type Competitor, type CompetitorAnalysis } from '@rankmaps/shared/metrics';
import { MAX_FOLLOWED_COMPETITORS } from '@rankmaps/shared/schemas/trend';
import { Button } from '@/components/ui/button';
import { formatDecimal, formatPercent, formatRating } from '@/lib/format';
import {
  type CompetitorSortKey,
  DEFAULT_SORT,
  type SortState,
  ariaSort,
  nextSort,
  rankCompetitors,
  sortCompetitorRows,
} from '../utils/competitor-sort';
import { AdBadge, FollowPin, OursBadge, RatingStar, RatingText } from './results-ui';

export interface CompetitorsTableProps {
  analysis: CompetitorAnalysis;
  /** Place ids of the competitors the user follows on this place. */
  followed: string[];
  /** When given, each row but ours gets a pin toggle (followed competitors); the caller enforces the limit of 5 and says so. */
  onToggleFollow?: (competitor: Competitor) => void;
}

interface Column {
  key: CompetitorSortKey;
  label: string;
  /** Numbers are right-aligned. */
  numeric: boolean;
  /** Hidden until the user asks for every column: the figures the summary and the map already give. */
  secondary?: boolean;
}

/** Rows shown at first and added by each «Ver más», up to the spec's 80: a long table would make the page thousands of pixels tall. */
export const COMPETITOR_ROWS_STEP = 20;

/** The table fits a 1280 px screen with the secondary columns folded away (docs/decisions.md §22.3). */
const TABLE_MIN_WIDTH = { compact: 'min-w-[50rem]', full: 'min-w-[60rem]' } as const;

/**
 * The competitors of an analysis (docs/product.md §9: up to 80 rows, capped by the server and here
 * too for analyses stored before the cap; 20 at first, «Ver más» adds 20):
 * rank, business, average position (where it appears, and over all points), appearances, Local Pack %, visibility, GeoRank and
 * rating, our row highlighted and advertisers marked, with our rank and the top 15's
 * averages above and the ad detector below. Columns sort from their headers; narrow
 * screens scroll the table sideways with the rank and the name kept in view.
 */
export function CompetitorsTable({ analysis, followed, onToggleFollow }: CompetitorsTableProps) {
  const { t, i18n } = useTranslation('rankmap-results');
  const locale = i18n.language;
  const titleId = useId();
  const hintId = useId();
  const captionId = useId();
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [allColumns, setAllColumns] = useState(false);
  const followedSet = useMemo(() => new Set(followed), [followed]);
  const ranked = useMemo(() => rankCompetitors(analysis.competitors), [analysis.competitors]);
  const sorted = useMemo(() => sortCompetitorRows(ranked.slice(0, COMPETITORS_TABLE_LIMIT), sort, locale), [ranked, sort, locale]);
  const [visible, setVisible] = useState(COMPETITOR_ROWS_STEP);
  const rows = sorted.slice(0, visible);
  const total = analysis.totalPoints;

  const everyColumn: Column[] = [
    { key: 'avgPosition', label: t('table.columns.avgPosition'), numeric: true },
    { key: 'avgTotalPosition', label: t('table.columns.avgTotalPosition'), numeric: true },
    { key: 'appearances', label: t('table.columns.appearances'), numeric: true },
    { key: 'localPackPercentage', label: t('table.columns.localPack'), numeric: true, secondary: true },
    { key: 'visibilityIndex', label: t('table.columns.visibility'), numeric: true, secondary: true },
    { key: 'compositeScore', label: t('table.columns.compositeScore'), numeric: true },
    { key: 'rating', label: t('table.columns.rating'), numeric: false },
  ];
  const columns = allColumns ? everyColumn : everyColumn.filter((c) => !c.secondary);
  const hiddenCount = everyColumn.length - columns.length;

  const sortButton = (key: CompetitorSortKey, label: string, numeric: boolean) => (
    <button
      type="button"
      onClick={() => setSort((s) => nextSort(s, key))}
      className={`inline-flex items-center gap-1 rounded font-semibold hover:text-slate-900 ${numeric ? 'flex-row-reverse text-right' : 'text-left'}`}
      title={t('table.sortBy', { column: label })}
    >
      {label}
      <SortArrow state={ariaSort(sort, key)} />
    </button>
  );

  return (
    <section
      aria-labelledby={titleId}
      className="@container rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="competitors-table"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('table.title')}
      </h2>

      <div className="mt-3 grid gap-3 @lg:grid-cols-3">
        <SummaryTile testId="competitors-our-rank">
          {analysis.ourRank !== null ? (
            <span className="font-semibold text-slate-900">
              {t('table.ourRank', { rank: analysis.ourRank, total: analysis.totalCompetitors })}
            </span>
          ) : (
            <span className="font-medium text-slate-700">{t('table.notRanked')}</span>
          )}
        </SummaryTile>
        <SummaryTile label={t('table.avgRating', { top: COMPETITORS_TOP })}>
          {analysis.avgRating !== null ? (
            <span className="inline-flex items-center gap-1 font-semibold text-slate-900">
              <RatingStar />
              {formatRating(analysis.avgRating, locale)}
            </span>
          ) : (
            <span className="text-slate-500">{t('table.noValue')}</span>
          )}
        </SummaryTile>
        <SummaryTile label={t('table.avgReviews', { top: COMPETITORS_TOP })}>
          <span className="font-semibold text-slate-900">
            {analysis.avgReviews !== null ? formatDecimal(analysis.avgReviews, locale, 0) : t('table.noValue')}
          </span>
        </SummaryTile>
      </div>

      {onToggleFollow && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-slate-600">
          <span className="text-brand-700">
            <FollowPin filled />
          </span>
          {t('table.followHint', { max: MAX_FOLLOWED_COMPETITORS, count: followed.length })}
        </p>
      )}

      {sorted.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{t('table.empty')}</p>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            {/* Said at every width: narrow screens scroll the table sideways, and so may every column on a laptop. */}
            <p id={hintId} className="text-xs text-slate-500">
              {t('table.scrollHint')}
            </p>
            <button
              type="button"
              onClick={() => setAllColumns((v) => !v)}
              aria-expanded={allColumns}
              className="rounded-lg px-2.5 py-1.5 text-xs font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
              data-testid="competitors-columns-toggle"
            >
              {allColumns ? t('table.fewerColumns') : t('table.moreColumns', { count: everyColumn.filter((c) => c.secondary).length })}
            </button>
          </div>
          {/* Focusable so that keyboard users can scroll it sideways too; relative so that the
              visually hidden (absolutely positioned) texts inside stay within the scroller. */}
          <div
            className="relative mt-2 overflow-x-auto rounded-xl ring-1 ring-slate-200"
            tabIndex={0}
            role="region"
            // Named by the table's caption, not the section's title: two regions both called
            // 'Competidores' could not be told apart (axe 'landmark-unique').
            aria-labelledby={captionId}
            aria-describedby={hintId}
          >
            <table
              className={`w-full ${allColumns ? TABLE_MIN_WIDTH.full : TABLE_MIN_WIDTH.compact} border-separate border-spacing-0 text-sm`}
              data-hidden-columns={hiddenCount}
            >
              <caption id={captionId} className="sr-only">
                {t('table.caption')}
              </caption>
              <thead className="bg-slate-50 text-left text-xs text-slate-600">
                <tr>
                  <th
                    scope="col"
                    aria-sort={ariaSort(sort, 'rank')}
                    className="sticky left-0 z-10 w-10 min-w-10 border-b border-slate-200 bg-slate-50 px-3 py-2.5"
                  >
                    {sortButton('rank', t('table.columns.rank'), false)}
                  </th>
                  <th
                    scope="col"
                    aria-sort={ariaSort(sort, 'name')}
                    className="sticky left-10 z-10 w-40 min-w-40 border-r border-b border-slate-200 bg-slate-50 px-3 py-2.5 sm:w-56 sm:min-w-56"
                  >
                    {sortButton('name', t('table.columns.name'), false)}
                  </th>
                  {columns.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={ariaSort(sort, c.key)}
                      className={`border-b border-slate-200 px-2.5 py-2.5 ${c.numeric ? 'text-right' : ''}`}
                    >
                      {sortButton(c.key, c.label, c.numeric)}
                    </th>
                  ))}
                  {onToggleFollow && (
                    <th scope="col" className="border-b border-slate-200 px-2.5 py-2.5 text-center font-semibold">
                      {t('table.columns.follow')}
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ rank, competitor: c }) => {
                  const isFollowed = followedSet.has(c.placeId);
                  // Sticky cells need an opaque background of their own.
                  const bg = c.isOurBusiness ? 'bg-brand-50' : 'bg-white';
                  const cell = `border-b border-slate-100 px-2.5 py-2.5 ${bg}`;
                  return (
                    <tr key={c.placeId} data-ours={c.isOurBusiness || undefined} data-followed={isFollowed || undefined}>
                      <td
                        className={`sticky left-0 z-[1] w-10 min-w-10 font-semibold text-slate-700 tabular-nums ${cell} ${c.isOurBusiness ? 'shadow-[inset_3px_0_0_var(--color-brand-700)]' : ''}`}
                      >
                        {rank}
                      </td>
                      <th
                        scope="row"
                        className={`sticky left-10 z-[1] w-40 min-w-40 border-r border-r-slate-200 text-left font-normal sm:w-56 sm:min-w-56 ${cell}`}
                      >
                        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <span className="font-medium break-words text-slate-900">{c.name}</span>
                          {c.isOurBusiness && <OursBadge>{t('table.ours')}</OursBadge>}
                          {c.isAd && <AdBadge>{t('table.adShare', { share: formatPercent(c.adShare, locale, 0) })}</AdBadge>}
                          {isFollowed && !onToggleFollow && (
                            <span className="text-brand-700" title={t('table.followed')}>
                              <FollowPin filled />
                              <span className="sr-only">{t('table.followed')}</span>
                            </span>
                          )}
                        </div>
                        {c.address && <div className="mt-0.5 line-clamp-2 text-xs text-slate-600">{c.address}</div>}
                      </th>
                      <td className={`text-right tabular-nums ${cell}`}>{formatDecimal(c.avgPosition, locale)}</td>
                      <td className={`text-right tabular-nums ${cell}`}>
                        {c.avgTotalPosition === null ? t('table.noValue') : formatDecimal(c.avgTotalPosition, locale)}
                      </td>
                      <td className={`text-right tabular-nums ${cell}`}>
                        {c.appearances}/{total}
                      </td>
                      {allColumns && (
                        <>
                          <td className={`text-right tabular-nums ${cell}`}>{formatPercent(c.localPackPercentage, locale)}</td>
                          <td className={`text-right tabular-nums ${cell}`}>{formatDecimal(c.visibilityIndex, locale)}</td>
                        </>
                      )}
                      <td className={`text-right font-semibold text-slate-900 tabular-nums ${cell}`}>
                        {formatDecimal(c.compositeScore, locale)}
                      </td>
                      <td className={cell}>
                        <RatingText rating={c.rating} reviews={c.userRatingCount} locale={locale} stacked />
                      </td>
                      {onToggleFollow && (
                        <td className={`text-center ${cell}`}>
                          {!c.isOurBusiness && (
                            <button
                              type="button"
                              aria-pressed={isFollowed}
                              aria-label={isFollowed ? t('table.unfollow', { name: c.name }) : t('table.follow', { name: c.name })}
                              title={isFollowed ? t('table.unfollow', { name: c.name }) : t('table.follow', { name: c.name })}
                              onClick={() => onToggleFollow(c)}
                              className={`inline-flex h-9 w-9 items-center justify-center rounded-lg ring-1 transition-colors ${
                                isFollowed
                                  ? 'bg-brand-700 text-white ring-brand-700 hover:bg-brand-800'
                                  : 'text-slate-500 ring-slate-300 hover:bg-slate-50 hover:text-brand-700'
                              }`}
                            >
                              <FollowPin filled={isFollowed} />
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {sorted.length > rows.length && (
            <Button variant="secondary" className="mt-3" data-testid="competitors-more" onClick={() => setVisible((v) => v + COMPETITOR_ROWS_STEP)}>
              {t('table.more', { count: Math.min(COMPETITOR_ROWS_STEP, sorted.length - rows.length) })}
            </Button>
          )}
          {analysis.totalCompetitors > rows.length && (
            <p className="mt-2 text-xs text-slate-500">{t('table.shown', { shown: rows.length, total: analysis.totalCompetitors })}</p>
          )}
        </>
      )}

      <AdsCard analysis={analysis} locale={locale} />
    </section>
  );
}

/** One figure above the table: a label over its value, or a sentence alone (our rank). */
function SummaryTile({ label, children, testId }: { label?: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col justify-center rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200" data-testid={testId}>
      {label && <p className="text-xs font-medium text-slate-500">{label}</p>}
      <p className={label ? 'mt-1' : ''}>{children}</p>
    </div>
  );
}

const sortArrows = { ascending: ChevronUpIcon, descending: ChevronDownIcon, none: ChevronsUpDownIcon };

function SortArrow({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  const Arrow = sortArrows[state];
  return <Arrow className={`h-3.5 w-3.5 ${state === 'none' ? 'text-slate-300' : 'text-slate-700'}`} strokeWidth={2.5} />;
}

/** The ad detector (docs/decisions.md §3): who advertises in this search, and at what share of the points. */
function AdsCard({ analysis, locale }: { analysis: CompetitorAnalysis; locale: string }) {
  const { t } = useTranslation('rankmap-results');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-5 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200" data-testid="competitors-ads">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('ads.title')}
      </h3>
      {analysis.ads.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('ads.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {analysis.ads.map((ad) => (
            <li key={ad.placeId} className="text-sm">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{ad.name}</span>
                  {ad.isOurBusiness && <OursBadge>{t('ads.ours')}</OursBadge>}
                </span>
                <span className="text-xs text-slate-600 tabular-nums">
                  {t('ads.share', { share: formatPercent(ad.share, locale) })} ·{' '}
                  {t('ads.points', { count: ad.appearances, total: analysis.totalPoints })}
                </span>
              </div>
              <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-amber-100">
                <div className="h-full rounded-full bg-amber-500" style={{ width: `${Math.min(100, Math.max(0, ad.share))}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default CompetitorsTable;
