import type { PortfolioQuery, PortfolioRow, PortfolioSort } from '@rankmaps/shared/schemas/workspace';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, PlusIcon } from 'lucide-react';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { Button, buttonClass } from '@/components/ui/button';
import { ChangeText, Sparkline } from '@/components/ui/latest-figures';
import { SelectField } from '@/components/ui/select-field';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDecimal, formatMediumDate, formatPercent } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useClients, usePortfolio } from '../api/clients';

const PAGE_SIZE = 25;
type Dir = 'asc' | 'desc';
type Movement = '' | 'dropped' | 'improved';
type State = '' | 'failed' | 'never';

/** The columns that sort, in table order, with the direction a first click asks for. */
const COLUMNS: { sort: PortfolioSort; label: string; first: Dir }[] = [
  { sort: 'place', label: 'columns.place', first: 'asc' },
  { sort: 'keyword', label: 'columns.keyword', first: 'asc' },
  { sort: 'geoRank', label: 'columns.geoRank', first: 'desc' },
  { sort: 'geoRankChange', label: 'columns.change', first: 'asc' },
  { sort: 'avgPosition', label: 'columns.avgPosition', first: 'asc' },
  { sort: 'avgTotalPosition', label: 'columns.avgTotalPosition', first: 'asc' },
  { sort: 'localPack', label: 'columns.localPack', first: 'desc' },
  { sort: 'lastAt', label: 'columns.lastAt', first: 'desc' },
  { sort: 'nextRunAt', label: 'columns.nextRunAt', first: 'asc' },
];

/** /cartera (docs/decisions.md §25.1): every keyword of every business, with its latest figures. */
export function PortfolioPage() {
  const { t } = useTranslation('places');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [clientId, setClientId] = useState('');
  const [movement, setMovement] = useState<Movement>('');
  const [state, setState] = useState<State>('');
  const [sort, setSort] = useState<PortfolioSort>('place');
  const [dir, setDir] = useState<Dir>('asc');
  const [page, setPage] = useState(1);
  const clients = useClients();
  const query: PortfolioQuery = {
    page,
    limit: PAGE_SIZE,
    sort,
    dir,
    q: q || undefined,
    clientId: clientId || undefined,
    movement: movement || undefined,
    state: state || undefined,
  };
  const portfolio = usePortfolio(query);
  const filtered = Boolean(q || clientId || movement || state);

  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const onSort = (column: (typeof COLUMNS)[number]) => {
    if (sort === column.sort) setDir(dir === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column.sort);
      setDir(column.first);
    }
    setPage(1);
  };
  const clear = () => {
    setSearch('');
    setClientId('');
    setMovement('');
    setState('');
    setPage(1);
  };

  const data = portfolio.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div data-page="portfolio" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('portfolio.title') }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('portfolio.title')}</h1>
        <p className="mt-1 text-slate-600">{t('portfolio.subtitle')}</p>
      </header>

      <div
        role="search"
        aria-label={t('portfolio.filters')}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          type="search"
          label={t('portfolio.search')}
          placeholder={t('portfolio.searchPlaceholder')}
          value={search}
          maxLength={100}
          onChange={(e) => resetPage(setSearch)(e.target.value)}
        />
        <SelectField
          label={t('portfolio.client')}
          value={clientId}
          onChange={(e) => resetPage(setClientId)(e.target.value)}
          options={[
            { value: '', label: t('clients.all') },
            ...(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name })),
            { value: 'none', label: t('clients.none') },
          ]}
        />
        <SelectField
          label={t('portfolio.movement')}
          value={movement}
          onChange={(e) => resetPage(setMovement)(e.target.value as Movement)}
          options={[
            { value: '', label: t('portfolio.any') },
            { value: 'dropped', label: t('portfolio.dropped') },
            { value: 'improved', label: t('portfolio.improved') },
          ]}
        />
        <SelectField
          label={t('portfolio.state')}
          value={state}
          onChange={(e) => resetPage(setState)(e.target.value as State)}
          options={[
            { value: '', label: t('portfolio.any') },
            { value: 'failed', label: t('portfolio.failed') },
            { value: 'never', label: t('portfolio.never') },
          ]}
        />
      </div>

      <QueryState query={portfolio} error={t('portfolio.errors.load')}>
        {(data) =>
          data.total === 0 && !filtered ? (
            <div
              className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-6 py-12 text-center"
              data-testid="portfolio-empty"
            >
              <h2 className="text-lg font-semibold text-slate-900">{t('portfolio.empty.title')}</h2>
              <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('portfolio.empty.body')}</p>
              <Link to={paths.newPlace.getHref()} className={`${buttonClass('primary')} mt-6`}>
                <PlusIcon className="h-4 w-4" />
                {t('portfolio.empty.cta')}
              </Link>
            </div>
          ) : data.rows.length === 0 ? (
            <div className="rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200" data-testid="portfolio-no-results">
              <p className="text-slate-700">{t('portfolio.noResults')}</p>
              <Button variant="secondary" className="mt-4" onClick={clear}>
                {t('portfolio.clear')}
              </Button>
            </div>
          ) : (
            <section aria-labelledby="portfolio-results" className="space-y-4">
              <div className="flex items-center justify-between gap-3">
                <h2 id="portfolio-results" className="text-sm font-medium text-slate-600" aria-live="polite">
                  {t('portfolio.count', { count: data.total })}
                </h2>
                {portfolio.isFetching && <Spinner className="h-4 w-4" />}
              </div>
              <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
                <table className="w-full text-left text-sm" data-testid="portfolio-table">
                  <caption className="sr-only">{t('portfolio.caption')}</caption>
                  <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600">
                    <tr>
                      {COLUMNS.map((c, i) => (
                        <SortHeader
                          key={c.sort}
                          column={c}
                          active={sort === c.sort}
                          dir={dir}
                          onSort={() => onSort(c)}
                          after={i === 2 ? t('portfolio.columns.trend') : undefined}
                        />
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.rows.map((r) => (
                      <TableRow key={r.keyword.id} row={r} />
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="space-y-3 lg:hidden" data-testid="portfolio-cards">
                {data.rows.map((r) => (
                  <li key={r.keyword.id}>
                    <RowCard row={r} />
                  </li>
                ))}
              </ul>
              <nav aria-label={t('portfolio.paging')} className="flex items-center justify-between gap-3 text-sm">
                <Button variant="secondary" className="py-2!" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('portfolio.previous')}
                </Button>
                <span className="text-slate-600">{t('portfolio.page', { page, pages })}</span>
                <Button variant="secondary" className="py-2!" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('portfolio.next')}
                </Button>
              </nav>
            </section>
          )
        }
      </QueryState>
    </div>
  );
}

function SortHeader({
  column,
  active,
  dir,
  onSort,
  after,
}: {
  column: (typeof COLUMNS)[number];
  active: boolean;
  dir: Dir;
  onSort: () => void;
  after: string | undefined;
}) {
  const { t } = useTranslation('places');
  const Icon = !active ? ArrowUpDownIcon : dir === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <>
      <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-3 py-2 font-semibold">
        <button
          type="button"
          onClick={onSort}
          className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t(`portfolio.${column.label}`)}
          <Icon aria-hidden="true" className="h-3.5 w-3.5" />
        </button>
      </th>
      {after && (
        <th scope="col" className="px-3 py-2 font-semibold">
          {after}
        </th>
      )}
    </>
  );
}

/** The figures of a row, shared by the table and the cards. */
function useRowText(row: PortfolioRow) {
  const { t, i18n } = useTranslation('places');
  const lang = i18n.language;
  const num = (v: number | null) => (v === null ? '—' : formatDecimal(v, lang));
  const pct = (v: number | null) => (v === null ? '—' : formatPercent(v, lang));
  const stateText = t(`portfolio.states.${row.state}`);
  const last = row.lastAt ? `${formatMediumDate(row.lastAt, lang)} · ${stateText}` : stateText;
  const next = row.nextRunAt ? formatMediumDate(row.nextRunAt, lang) : t('portfolio.noNext');
  const sparkLabel =
    row.sparkline.length === 0
      ? t('portfolio.sparkEmpty')
      : t('portfolio.sparkLabel', { count: row.sparkline.length, values: row.sparkline.map((v) => formatDecimal(v, lang)).join(', ') });
  const label = row.label ? t(`portfolio.labels.${row.label}`) : null;
  return { num, pct, last, next, sparkLabel, label, href: paths.keywordAnalysis.getHref(row.place.id, row.keyword.id) };
}

const stateTone: Record<PortfolioRow['state'], string> = {
  completed: 'text-slate-700',
  failed: 'text-red-700 font-medium',
  running: 'text-brand-700',
  none: 'text-slate-500',
};

function TableRow({ row }: { row: PortfolioRow }) {
  const x = useRowText(row);
  return (
    <tr data-testid="portfolio-row" className="align-top">
      <td className="px-3 py-2">
        <span className="font-medium text-slate-900">{row.place.name}</span>
        {row.place.client && <span className="block text-xs text-slate-500">{row.place.client.name}</span>}
      </td>
      <td className="px-3 py-2">
        <Link to={x.href} className="font-medium text-brand-700 hover:underline">
          {row.keyword.name}
        </Link>
        {x.label && (
          <span className="ml-1 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-800 ring-1 ring-amber-200">{x.label}</span>
        )}
      </td>
      <td className="px-3 py-2 font-semibold text-slate-900">{x.num(row.geoRank.value)}</td>
      <td className="px-3 py-2">
        <Sparkline values={row.sparkline} label={x.sparkLabel} />
      </td>
      <td className="px-3 py-2">
        <ChangeText change={row.geoRank.change} gridChanged={row.gridChanged} />
      </td>
      <td className="px-3 py-2">
        {x.num(row.avgPosition.value)} <ChangeText change={row.avgPosition.change} better="lower" className="block text-xs" />
      </td>
      <td className="px-3 py-2">
        {x.num(row.avgTotalPosition.value)} <ChangeText change={row.avgTotalPosition.change} better="lower" className="block text-xs" />
      </td>
      <td className="px-3 py-2">
        {x.pct(row.localPack.value)} <ChangeText change={row.localPack.change} className="block text-xs" />
      </td>
      <td className={`px-3 py-2 ${stateTone[row.state]}`}>{x.last}</td>
      <td className="px-3 py-2 text-slate-700">{x.next}</td>
    </tr>
  );
}

function RowCard({ row }: { row: PortfolioRow }) {
  const { t } = useTranslation('places');
  const x = useRowText(row);
  return (
    <article data-testid="portfolio-card" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">
            <Link to={x.href} className="text-brand-700 hover:underline">
              {row.keyword.name}
            </Link>
          </h3>
          <p className="text-sm break-words text-slate-600">
            {row.place.name}
            {row.place.client ? ` · ${row.place.client.name}` : ''}
          </p>
          {x.label && (
            <span className="mt-1 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-800 ring-1 ring-amber-200">
              {x.label}
            </span>
          )}
        </div>
        <Sparkline values={row.sparkline} label={x.sparkLabel} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.geoRank')}</dt>
          <dd className="font-semibold text-slate-900">
            {x.num(row.geoRank.value)} <ChangeText change={row.geoRank.change} gridChanged={row.gridChanged} className="text-xs" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.localPack')}</dt>
          <dd>
            {x.pct(row.localPack.value)} <ChangeText change={row.localPack.change} className="text-xs" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.avgPosition')}</dt>
          <dd>
            {x.num(row.avgPosition.value)} <ChangeText change={row.avgPosition.change} better="lower" className="text-xs" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.avgTotalPosition')}</dt>
          <dd>
            {x.num(row.avgTotalPosition.value)} <ChangeText change={row.avgTotalPosition.change} better="lower" className="text-xs" />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.lastAt')}</dt>
          <dd className={stateTone[row.state]}>{x.last}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{t('portfolio.columns.nextRunAt')}</dt>
          <dd>{x.next}</dd>
        </div>
      </dl>
    </article>
  );
}
