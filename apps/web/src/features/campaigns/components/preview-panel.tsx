import type { CampaignForecast, CampaignPreview } from '@rankmaps/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatDateTime, formatMediumDate } from '@/lib/format';
import { OverlapWarning } from './overlap-warning';
import { withCreditEuros } from '@/lib/credit-euros';

interface PreviewPanelProps {
  preview: CampaignPreview | undefined;
  /** No keyword is chosen yet: nothing to price. */
  idle: boolean;
  loading: boolean;
  /** The server's refusal of these fields (a 400), or a failed request. */
  error: string | null;
  /** The zone the next run is written in: the first chosen place's. */
  timeZone: string;
  /** «Dejar fuera»: takes the keywords another campaign already scans that day out of the draft. */
  onLeaveOut: (keywordIds: string[]) => void;
}

/**
 * The editor's «Antes de guardar» (docs/workspace.md «Campañas»): what a round costs and takes,
 * the window problem in red, the first run, the keywords another campaign already scans that
 * day, and the 30-day forecast now and with the change.
 */
export function PreviewPanel({ preview, idle, loading, error, timeZone, onLeaveOut }: PreviewPanelProps) {
  const { t, i18n } = useTranslation('campaigns');
  const n = (v: number) => formatCount(v, i18n.language);
  return (
    <section
      aria-labelledby="campaign-preview-title"
      data-testid="campaign-preview"
      aria-busy={loading}
      className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="campaign-preview-title" className="text-base font-semibold text-slate-900">
          {t('preview.title')}
        </h2>
        {loading && (
          <span role="status" className="flex items-center gap-1 text-xs text-slate-500">
            <Spinner className="h-3 w-3" />
            {t('preview.loading')}
          </span>
        )}
      </div>
      {idle ? (
        <p className="text-sm text-slate-600">{t('preview.pick')}</p>
      ) : error ? (
        <p data-testid="campaign-preview-error" role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : !preview ? (
        <p className="text-sm text-slate-600">{t('preview.loading')}</p>
      ) : (
        <>
          <div className="space-y-1 text-sm text-slate-700">
            <p data-testid="campaign-preview-round" className="font-medium text-slate-900">
              {withCreditEuros(t('preview.round', { analyses: n(preview.roundAnalyses), count: preview.roundCredits, credits: n(preview.roundCredits) }), preview.roundCredits, i18n.language)}
            </p>
            {preview.roundAiCredits > 0 && (
              <p data-testid="campaign-preview-ai" className="font-medium text-slate-900">
                {withCreditEuros(t('preview.ai', { count: preview.roundAiCredits, credits: n(preview.roundAiCredits) }), preview.roundAiCredits, i18n.language)}
              </p>
            )}
            <p>{t('preview.minutes', { count: preview.roundMinutes })}</p>
            <p>
              {preview.nextRun
                ? t('preview.nextRun', { when: formatDateTime(preview.nextRun, i18n.language, timeZone) })
                : t('preview.noNextRun')}
            </p>
          </div>
          {preview.problem && (
            <p
              data-testid="campaign-preview-problem"
              role="alert"
              className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200"
            >
              {preview.problem}
            </p>
          )}
          {preview.overlap.keywords.length > 0 && <OverlapWarning overlap={preview.overlap} onLeaveOut={onLeaveOut} />}
          {preview.after.billing === 'credits' && <ForecastCompare before={preview.before} after={preview.after} />}
        </>
      )}
    </section>
  );
}

/** The forecast before and after the change, side by side, so each change's effect shows before saving. */
function ForecastCompare({ before, after }: { before: CampaignForecast; after: CampaignForecast }) {
  const { t, i18n } = useTranslation('campaigns');
  const n = (v: number) => formatCount(v, i18n.language);
  const date = (iso: string | null) => (iso ? formatMediumDate(iso, i18n.language) : t('preview.never'));
  const rows: [string, string, string, string, boolean][] = [
    ['needed', t('preview.needed'), n(before.needed), n(after.needed), false],
    ['available', t('preview.available'), n(before.available), n(after.available), false],
    ['shortfall', t('preview.shortfall'), n(before.shortfall), n(after.shortfall), after.shortfall > 0],
    ['runs-out', t('preview.runsOut'), date(before.runsOutAt), date(after.runsOutAt), after.runsOutAt !== null],
  ];
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{t('preview.compareTitle')}</h3>
      <table data-testid="campaign-forecast-compare" className="mt-1 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 font-medium">
              <span className="sr-only">{t('preview.compareTitle')}</span>
            </th>
            <ColumnHeaders className="py-1 text-right font-medium" labels={[t('preview.before'), t('preview.after')]} />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([key, label, was, will, bad]) => (
            <tr key={key} data-testid={`compare-${key}`}>
              <th scope="row" className="py-1 text-left font-normal text-slate-600">
                {label}
              </th>
              <td className="py-1 text-right text-slate-700 tabular-nums">{was}</td>
              <td className={`py-1 text-right font-semibold tabular-nums ${bad ? 'text-red-700' : 'text-slate-900'}`}>{will}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
