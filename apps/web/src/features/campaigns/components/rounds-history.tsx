import type { CampaignRound } from '@rankmaps/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '@/lib/format';

const statusTone: Record<CampaignRound['status'], string> = {
  running: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  partial: 'bg-amber-50 text-amber-900 ring-amber-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/** A campaign's rounds, newest first (docs/workspace.md «Campañas»): when, state, «n de m» and credits. */
export function RoundsHistory({ rounds, timeZone }: { rounds: CampaignRound[]; timeZone: string }) {
  const { t, i18n } = useTranslation('campaigns');
  const n = (v: number) => formatCount(v, i18n.language);
  return (
    <section aria-labelledby="campaign-rounds-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="campaign-rounds-title" className="text-base font-semibold text-slate-900">
        {t('rounds.title')}
      </h2>
      {rounds.length === 0 ? (
        <p data-testid="campaign-rounds-empty" className="mt-2 text-sm text-slate-600">
          {t('rounds.empty')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {rounds.map((r) => (
            <li
              key={r.id}
              data-testid="campaign-round"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm"
            >
              <span className="text-slate-800">{formatDateTime(r.scheduledFor, i18n.language, timeZone)}</span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusTone[r.status]}`}>
                {t(`rounds.status.${r.status}`)}
              </span>
              <span className="text-slate-700 tabular-nums">
                <span className="sr-only">{t('rounds.progress')}: </span>
                {t('rounds.progressText', { done: n(r.completed + r.failed), total: n(r.analyses) })}
                {r.failed > 0 && ` · ${t('rounds.failedCount', { count: r.failed })}`}
              </span>
              <span className="text-slate-700 tabular-nums">
                <span className="sr-only">{t('rounds.credits')}: </span>
                {t('forecast.credits', { count: r.credits, n: n(r.credits) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
