import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDateTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { downloadActivityCsv, useActivity } from '../api/activity';
import type { ActivityEntry } from '../api/types';
import { type ActivityFilters as Filters, NO_FILTERS, rangeIsBackwards } from '../utils/activity-query';
import { ActivityFilters, type MemberOption } from './activity-filters';

/**
 * /actividad (docs/decisions.md §30.7): who did what and when, filtered, a page at a time, and
 * as CSV. `members` fills the person filter (the team feature's list, given by the route).
 */
export function ActivityPage({ members }: { members: MemberOption[] }) {
  const { t } = useTranslation('activity');
  const toast = useToast();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // A backwards range is not sent: the log keeps the last range that made sense.
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const log = useActivity(applied);
  const [exporting, setExporting] = useState(false);

  const change = (next: Filters) => {
    setFilters(next);
    if (!rangeIsBackwards(next)) setApplied(next);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await downloadActivityCsv(applied);
      saveFile(blob, filename);
    } catch (err) {
      toast({ type: 'error', message: apiErrorText(err, t('export.failed')) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div data-page="activity" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('title') }]} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()} className="shrink-0">
          <DownloadIcon className="h-4 w-4" aria-hidden="true" />
          {t('export.button')}
        </Button>
      </header>
      <ActivityFilters filters={filters} members={members} onChange={change} />
      <QueryState
        query={log}
        error={t('errors.load')}
        loading={t('loading')}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={<p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">{t('empty')}</p>}
      >
        {(data) => (
          <>
            <ActivityTable entries={data.pages.flatMap((page) => page.items)} />
            {log.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="secondary" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                  {t('more')}
                </Button>
              </div>
            )}
            {log.isFetchNextPageError && (
              <p role="alert" className="text-center text-sm text-red-700">
                {t('errors.more')}
              </p>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** The entries: a table from 1024 px, a card each below. */
function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  const { t, i18n } = useTranslation('activity');
  const when = (e: ActivityEntry) => formatMediumDateTime(e.at, i18n.language);
  const actor = (e: ActivityEntry) => e.actor?.name ?? t('system');
  const target = (e: ActivityEntry) => e.target?.label ?? '—';
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full text-left text-sm" data-testid="activity-table">
          <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('columns.at')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('columns.actor')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('columns.summary')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('columns.target')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('columns.ip')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{when(e)}</td>
                <td className="px-4 py-3 font-medium text-slate-900">{actor(e)}</td>
                <td className="px-4 py-3 text-slate-800">
                  <span className="mr-2 inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {t(`kinds.${e.kind}`)}
                  </span>
                  {e.summary}
                </td>
                <td className="px-4 py-3 break-words text-slate-700">{target(e)}</td>
                <td className="px-4 py-3 font-mono text-xs text-slate-600">{e.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 lg:hidden" data-testid="activity-list">
        {entries.map((e) => (
          <li key={e.id} className="rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <p className="text-xs text-slate-600">
              {when(e)} · {t(`kinds.${e.kind}`)}
            </p>
            <p className="mt-1 font-medium text-slate-900">{actor(e)}</p>
            <p className="mt-1 text-slate-800">{e.summary}</p>
            <p className="mt-1 break-words text-slate-600">
              {t('columns.target')}: {target(e)} · {t('columns.ip')}: {e.ip ?? '—'}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
