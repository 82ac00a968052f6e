import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import type { RankMapStatusResponse, RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { TrashIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useDeleteAnalysis } from '../api/delete-analysis';
import { useDeleteScheduledAnalysis } from '../api/delete-scheduled-analysis';
import { deleteKind, isSelectable, liveStatus, timelineState, type TimelineState } from '../utils/analysis-logic';
import { formatDateTime, formatDecimal, formatPercent } from '@/lib/format';
import { serverMessage } from '../utils/server-message';
import { ProgressBar } from '@/components/ui/progress-bar';

interface AnalysisTimelineProps {
  keywordId: string;
  entries: RankMapSummary[];
  selectedId: string | null;
  /** The polled status of the selected analysis, fresher than its list entry. */
  live: RankMapStatusResponse | undefined;
  timeZone: string;
  now: Date;
  onSelect: (id: string) => void;
}

const badgeTone: Record<TimelineState, string> = {
  weekly: 'bg-violet-50 text-violet-800 ring-violet-200',
  scheduled: 'bg-brand-50 text-brand-800 ring-brand-200',
  delayed: 'bg-amber-50 text-amber-900 ring-amber-200',
  queued: 'bg-slate-100 text-slate-700 ring-slate-300',
  processing: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * The keyword's analyses, newest first (docs/product.md §2, docs/product.md §4): each with its date on the place's clock,
 * its kind and its state. Finished ones are selectable; finished ones and future one-offs
 * can be deleted after a confirmation (docs/product.md §5).
 */
export function AnalysisTimeline({ keywordId, entries, selectedId, live, timeZone, now, onSelect }: AnalysisTimelineProps) {
  const { t, i18n } = useTranslation('rankmaps');
  const { confirm } = useAlerts();
  const toast = useToast();
  const deleteOne = useDeleteAnalysis(keywordId);
  const deleteScheduled = useDeleteScheduledAnalysis(keywordId);
  const when = (e: RankMapSummary) => formatDateTime(e.scheduledFor ?? e.createdAt, i18n.language, timeZone);

  const remove = async (entry: RankMapSummary, kind: 'scheduled' | 'analysis') => {
    const date = when(entry);
    const ok = await confirm({
      message: t(kind === 'scheduled' ? 'timeline.confirmDeleteScheduled' : 'timeline.confirmDelete', { date }),
      destructive: true,
    });
    if (!ok) return;
    try {
      if (kind === 'scheduled') {
        await deleteScheduled.mutateAsync(entry.id);
        toast({ type: 'success', message: t('success.scheduledDeleted') });
      } else {
        await deleteOne.mutateAsync(entry.id);
        toast({ type: 'success', message: t('success.deleted') });
      }
    } catch (err) {
      // docs/product.md §8: the scheduled delete shows the server's text when it has one; the other a fixed sentence.
      toast({ type: 'error', message: kind === 'scheduled' ? serverMessage(err, t('errors.deleteScheduled')) : t('errors.delete') });
    }
  };

  const busyId = deleteOne.isPending ? deleteOne.variables : deleteScheduled.isPending ? deleteScheduled.variables : undefined;

  return (
    <section aria-labelledby="timeline-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="timeline-title" className="text-base font-semibold text-slate-900">
        {t('timeline.title')}
      </h2>
      <p className="mt-0.5 text-xs text-slate-500">{t('timeline.zone', { zone: timeZoneInWords(timeZone, i18n.language) })}</p>
      <ol className="mt-3 max-h-80 space-y-2 overflow-y-auto p-1 lg:max-h-[calc(100vh-12rem)]" data-testid="analysis-timeline">
        {entries.map((entry) => {
          const state = timelineState(entry, now);
          const selectable = isSelectable(entry, now);
          const selected = selectable && entry.id === selectedId;
          const del = deleteKind(entry, now);
          const status = entry.id === selectedId ? liveStatus(entry, live) : entry;
          const date = when(entry);
          const body = <EntryBody entry={entry} state={state} date={date} progress={status.progress} />;
          const boxClass = `block w-full rounded-xl p-3 text-left ring-1 transition-colors ${del ? 'pr-12' : ''}`;
          return (
            <li key={entry.id} className="relative" data-state={state}>
              {selectable ? (
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(entry.id)}
                  className={`${boxClass} ${selected ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-slate-200 hover:bg-slate-50 hover:ring-slate-300'}`}
                >
                  {body}
                </button>
              ) : (
                <div
                  className={`${boxClass} ${state === 'weekly' ? 'border border-dashed border-violet-300 bg-violet-50/40 ring-transparent' : 'bg-slate-50 ring-slate-200'}`}
                >
                  {body}
                </div>
              )}
              {del && (
                <button
                  type="button"
                  onClick={() => void remove(entry, del)}
                  disabled={busyId === entry.id}
                  aria-label={t(del === 'scheduled' ? 'timeline.deleteScheduled' : 'timeline.delete', { date })}
                  title={t(del === 'scheduled' ? 'timeline.deleteScheduled' : 'timeline.delete', { date })}
                  className="absolute top-2 right-2 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function EntryBody({ entry, state, date, progress }: { entry: RankMapSummary; state: TimelineState; date: string; progress: number }) {
  const { t, i18n } = useTranslation('rankmaps');
  const stats = entry.stats;
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{date}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${badgeTone[state]}`}>{t(`timeline.state.${state}`)}</span>
      </span>
      <span className="mt-0.5 block text-xs text-slate-600">
        {entry.campaignName !== undefined ? t('timeline.campaignNamed', { name: entry.campaignName }) : t(`timeline.kind.${entry.kind}`)}
      </span>
      {state === 'processing' && (
        <span className="mt-2 flex items-center gap-2">
          <ProgressBar value={progress} label={t('status.progressLabel')} valueText={formatPercent(progress, i18n.language, 0)} size="sm" />
          <span className="shrink-0 text-xs font-medium text-slate-700 tabular-nums">{formatPercent(progress, i18n.language, 0)}</span>
        </span>
      )}
      {state === 'completed' && stats && (
        <span className="mt-1 block text-xs text-slate-700 tabular-nums">
          {t('timeline.avgPosition', { value: stats.avgPosition === null ? '+20' : formatDecimal(stats.avgPosition, i18n.language) })}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {t('timeline.geoRank', { value: formatDecimal(stats.geoRank, i18n.language) })}
        </span>
      )}
      {state === 'failed' && (
        <span className="mt-1 line-clamp-2 block text-xs text-red-700">{entry.failureReason ?? t('timeline.failedFallback')}</span>
      )}
    </>
  );
}
