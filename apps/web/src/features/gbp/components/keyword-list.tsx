import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GbpKeywordsResponse } from '@rankmaps/shared/schemas/gbp';
import { QueryState } from '@/components/ui/query-state';
import { gbpErrorView } from '../utils/errors';
import { formatKeywordCount, topKeywords } from '../utils/keywords';

/** docs/product.md §9: the top keywords people found the listing with (at most 9); a threshold reads '< 15'. */
export function KeywordList({ query }: { query: UseQueryResult<GbpKeywordsResponse> }) {
  const { t, i18n } = useTranslation('gbp');
  const rows = query.data ? topKeywords(query.data.keywords) : [];
  const max = Math.max(1, ...rows.map((r) => r.value ?? r.threshold ?? 0));
  const view = query.isError ? gbpErrorView(query.error) : null;

  return (
    <section
      aria-labelledby="gbp-keywords-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="gbp-keywords"
    >
      <h2 id="gbp-keywords-title" className="font-semibold text-slate-900">
        {t('stats.keywords.title')}
      </h2>
      <p className="mt-0.5 text-xs text-slate-500">{t('stats.keywords.subtitle')}</p>

      <QueryState
        query={query}
        error={(view?.kind === 'error' && view.message) || t('stats.errors.keywords')}
        loadingView={
          <ul role="status" aria-label={t('stats.loading')} className="mt-4 space-y-3">
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="h-8 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </ul>
        }
        isEmpty={(data) => topKeywords(data.keywords).length === 0}
        empty={<p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('stats.keywords.empty')}</p>}
        className="mt-4"
      >
        {() => (
          <>
            <ol className="mt-4 grid gap-x-10 gap-y-3 md:grid-cols-2">
              {rows.map((r, i) => (
                <li key={r.keyword} className="flex min-w-0 items-center gap-3" data-testid="gbp-keyword">
                  <span
                    aria-hidden="true"
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
                  >
                    {i + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="min-w-0 font-medium break-words text-slate-800">{r.keyword}</span>
                      <span className="shrink-0 text-slate-600 tabular-nums">
                        <span className="font-semibold text-slate-900">{formatKeywordCount(r, i18n.language)}</span>{' '}
                        {t('stats.keywords.searches')}
                      </span>
                    </span>
                    <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-slate-100">
                      <span
                        className={`block h-full rounded-full ${r.value === null ? 'bg-slate-300' : 'bg-brand-600'}`}
                        style={{ width: `${Math.max(4, Math.round(((r.value ?? r.threshold ?? 0) / max) * 100))}%` }}
                      />
                    </span>
                  </span>
                </li>
              ))}
            </ol>
            {rows.some((r) => r.threshold !== null) && <p className="mt-4 text-xs text-slate-500">{t('stats.keywords.thresholdHint')}</p>}
          </>
        )}
      </QueryState>
    </section>
  );
}
