import type { AiAnalysisSummary } from '@rankmaps/shared/schemas/ai-visibility';
import { useTranslation } from 'react-i18next';
import { formatMediumDateTime } from '@/lib/format';
import { formatShare } from '@/lib/ai-figures';

/** The keyword's AI analyses, newest first: each a button that shows it (its status while it runs). */
export function AiHistoryList({ history, selectedId, onSelect }: { history: AiAnalysisSummary[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation('ai-visibility');
  return (
    <section aria-labelledby="ai-history-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:row-span-2">
      <h2 id="ai-history-title" className="text-base font-semibold text-slate-900">
        {t('history.title')}
      </h2>
      <ul className="mt-3 space-y-2" data-testid="ai-history">
        {history.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              aria-current={a.id === selectedId || undefined}
              onClick={() => onSelect(a.id)}
              className={`w-full rounded-xl p-3 text-left text-sm ring-1 ${a.id === selectedId ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200 hover:bg-slate-50'}`}
            >
              <span className="block font-medium text-slate-900">{formatMediumDateTime(a.createdAt, i18n.language)}</span>
              {a.kind !== 'manual' && (
                <span data-testid="ai-history-origin" className="block text-xs font-medium text-brand-800">
                  {a.campaignName ? t('history.campaign', { name: a.campaignName }) : t('history.scheduled')}
                </span>
              )}
              <span className="block text-xs text-slate-600">
                {a.engines.map((e) => e.label).join(', ')} · {a.gridSize}×{a.gridSize} · {t('history.samples', { count: a.samples })}
              </span>
              <span className="mt-1 block text-xs font-semibold text-slate-800">
                {a.status === 'completed' && a.shareOfVoice
                  ? t('history.share', { share: formatShare(a.shareOfVoice, i18n.language) })
                  : t(`status.${a.status}`, { progress: a.progress })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
