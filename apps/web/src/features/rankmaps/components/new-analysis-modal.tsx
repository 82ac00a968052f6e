import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { DateField } from '@/components/ui/date-field';
import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { type AnalyzeResponse, MAX_SCHEDULE_AHEAD_MS, scheduledForIssue } from '@rankmaps/shared/schemas/rankmaps';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { alertTypeForError } from '@/components/ui/alerts/alert-types';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { Modal, ModalActions } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toasts/toast-context';
import { usePlaceValidPoints } from '../api/get-place-grid';
import { useScanQuota } from '../api/get-scan-quota';
import { useStartAnalysis } from '../api/start-analysis';
import { analysisCost, isoToZonedLocal, zonedLocalToIso } from '../utils/analysis-logic';
import { type QuotaView, quotaView } from '../utils/scan-quota';
import { formatDateTime, formatLongDate } from '@/lib/format';
import { upgradeNeedText } from '@/lib/upgrade-text';
import { serverMessage } from '../utils/server-message';
import { paths } from '@/lib/paths';
import { withCreditEuros } from '@/lib/credit-euros';

interface NewAnalysisModalProps {
  keyword: Keyword;
  profile: Profile;
  onClose: () => void;
  /** After the server accepted it; a run now is then selected and followed. */
  onStarted: (result: AnalyzeResponse) => void;
}

type When = 'now' | 'schedule';

/** The scheduled date's problem as a message of the shared catalogue ('v:' keys), or null. */
function scheduleIssue(local: string, timeZone: string, now: Date) {
  const value = local.trim() === '' ? '' : (zonedLocalToIso(local, timeZone) ?? local);
  return scheduledForIssue(value, now);
}

/**
 * Nuevo Análisis (docs/product.md §2, docs/product.md §5): now, or at a date within 15 days on the place's clock.
 * The cost shows before confirming (docs/decisions.md §2): credits for pro plans, included for basic ones,
 * with the month's manual scans left; when none are left, starting is disabled and the modal says
 * why before the click (docs/decisions.md §22).
 */
export function NewAnalysisModal({ keyword, profile, onClose, onStarted }: NewAnalysisModalProps) {
  const { t, i18n } = useTranslation('rankmaps');
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const start = useStartAnalysis(keyword._id);
  const place = keyword.placeId;
  const isPro = profile.planLimits.type === 'pro';
  const points = usePlaceValidPoints(place._id, isPro);
  const quotaQuery = useScanQuota(!isPro);
  const quota = quotaQuery.data ? quotaView(quotaQuery.data, profile.currentPlan) : undefined;
  const usedUp = quota?.kind === 'usedUp';
  const usedUpId = useId();
  const formId = useId();
  const dateId = useId();
  const [when, setWhen] = useState<When>('now');
  // The day from a Monday-first calendar (DateField) and the time typed beside it; together
  // they are the place's wall-clock time, as a datetime-local input would give it.
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const local = day && time ? `${day}T${time}` : '';
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const issue = when === 'schedule' ? scheduleIssue(local, place.timeZone, new Date()) : null;
  const dateError = submitted && issue ? t(`v:${issue}`) : undefined;
  const nowMs = Date.now();
  const min = isoToZonedLocal(new Date(nowMs), place.timeZone);
  const max = isoToZonedLocal(new Date(nowMs + MAX_SCHEDULE_AHEAD_MS), place.timeZone);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (issue || usedUp) return;
    const scheduledFor = when === 'schedule' ? zonedLocalToIso(local, place.timeZone) : null;
    try {
      const result = await start.mutateAsync(scheduledFor ? { scheduledFor } : { useWorker: true });
      if (result.kind === 'scheduled' && result.scheduledFor) {
        toast({
          type: 'success',
          message: t('success.scheduled', { date: formatDateTime(result.scheduledFor, i18n.language, place.timeZone) }),
        });
      } else {
        toast({ type: 'success', message: t('success.started') });
      }
      onStarted(result);
    } catch (err) {
      // upgrade_required / insufficient_credits: the spec's alerts, which lead to plans or credits.
      if (alertTypeForError(err)) {
        onClose();
        showApiAlert(err);
        return;
      }
      setError(serverMessage(err, t('errors.start')));
    }
  };

  const radioClass = (checked: boolean) =>
    `flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${checked ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-slate-300 hover:bg-slate-50'}`;

  return (
    <Modal
      title={t('modal.title')}
      description={t('modal.description', { keyword: keyword.name, place: place.name })}
      closeLabel={t('modal.close')}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={t('modal.cancel')}
          onCancel={onClose}
          submit={{ label: when === 'now' ? t('modal.startNow') : t('modal.startScheduled'), type: 'submit', form: formId, loading: start.isPending, disabled: usedUp || start.isPending, 'aria-describedby': usedUp ? usedUpId : undefined }}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('modal.when')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['now', 'schedule'] as const).map((w) => (
              <label key={w} className={radioClass(when === w)}>
                <input
                  type="radio"
                  name="when"
                  value={w}
                  checked={when === w}
                  onChange={() => {
                    setWhen(w);
                    setError(null);
                  }}
                  className="mt-0.5 h-4 w-4 accent-brand-700 focus-visible:outline-none"
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{t(w === 'now' ? 'modal.now' : 'modal.schedule')}</span>
                  <span className="block text-xs text-slate-600">{t(w === 'now' ? 'modal.nowHint' : 'modal.scheduleHint')}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {when === 'schedule' && (
          <fieldset>
            <legend className="mb-1 block text-sm font-medium text-slate-700">{t('modal.dateLabel', { zone: timeZoneInWords(place.timeZone, i18n.language) })}</legend>
            <div className="flex gap-2">
              <DateField
                id={dateId}
                ariaLabel={t('modal.day')}
                value={day}
                onChange={setDay}
                min={min.slice(0, 10)}
                max={max.slice(0, 10)}
                invalid={Boolean(dateError)}
                describedBy={dateError ? `${dateId}-error` : undefined}
                className="min-w-0 flex-1"
              />
              <input
                type="time"
                aria-label={t('modal.time')}
                value={time}
                onChange={(e) => setTime(e.target.value)}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? `${dateId}-error` : undefined}
                className={`block w-32 rounded-lg border px-3 py-2.5 text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 ${dateError ? 'border-red-500' : 'border-slate-300'}`}
              />
            </div>
            {dateError && (
              <p id={`${dateId}-error`} role="alert" className="mt-1 text-sm text-red-600">
                {dateError}
              </p>
            )}
          </fieldset>
        )}

        <CostBox
          isPro={isPro}
          quota={quota}
          usedUpId={usedUpId}
          profile={profile}
          points={points.data}
          loading={points.isPending}
          failed={points.isError}
          scheduled={when === 'schedule'}
        />

        {error && <AlertBanner tone="error">{error}</AlertBanner>}
      </form>
    </Modal>
  );
}

function CostBox({
  isPro,
  quota,
  usedUpId,
  profile,
  points,
  loading,
  failed,
  scheduled,
}: {
  isPro: boolean;
  quota: QuotaView | undefined;
  usedUpId: string;
  profile: Profile;
  points: number | undefined;
  loading: boolean;
  failed: boolean;
  scheduled: boolean;
}) {
  const { t, i18n } = useTranslation('rankmaps');
  const { t: tc } = useTranslation('common');
  if (!isPro && quota?.kind === 'usedUp') {
    const need = upgradeNeedText(quota.upgrade);
    return (
      <div id={usedUpId} data-testid="analysis-cost" role="alert" className="rounded-xl bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
        <p className="font-semibold text-amber-900">{t('modal.quotaUsedUp', { count: quota.limit })}</p>
        <p className="mt-0.5 text-amber-900">{t('modal.quotaResets', { date: formatLongDate(quota.resetsOn, i18n.language) })}</p>
        {need && (
          <p className="mt-2 font-medium text-amber-900">
            {t('modal.quotaUpgrade', { need: tc(need.key, need.values) })}{' '}
            <Link to={paths.subscription.getHref()} className="underline hover:text-amber-950">
              {t('modal.seePlans')}
            </Link>
          </p>
        )}
      </div>
    );
  }
  if (!isPro) {
    return (
      <div data-testid="analysis-cost" aria-live="polite" className="rounded-xl bg-emerald-50 p-3 text-sm ring-1 ring-emerald-200">
        <p className="font-semibold text-emerald-900">{t('modal.included')}</p>
        {quota?.kind === 'left' && (
          <p className="mt-1 text-emerald-900" data-testid="analysis-quota">
            {t('modal.quotaLeft', { remaining: quota.remaining, limit: quota.limit })}
          </p>
        )}
        <p className="mt-0.5 text-xs text-emerald-900">{t('modal.includedHint')}</p>
      </div>
    );
  }
  if (points === undefined) {
    return (
      <p data-testid="analysis-cost" aria-live="polite" className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200">
        {loading ? t('modal.costLoading') : failed ? t('modal.costUnavailable') : null}
      </p>
    );
  }
  const cost = analysisCost('pro', points, profile);
  if (cost.kind !== 'credits') return null;
  const short = cost.shortBy > 0;
  return (
    <div
      data-testid="analysis-cost"
      aria-live="polite"
      className={`rounded-xl p-3 text-sm ring-1 ${short ? 'bg-amber-50 ring-amber-200' : 'bg-slate-50 ring-slate-200'}`}
    >
      <p className="text-base font-semibold text-slate-900">{withCreditEuros(t('modal.cost', { count: cost.credits }), cost.credits, i18n.language)}</p>
      <p className="mt-0.5 text-xs text-slate-600">{t('modal.costHint')}</p>
      <p className="mt-2 text-slate-800">{t('modal.balance', { count: cost.balance })}</p>
      {scheduled && <p className="mt-0.5 text-xs text-slate-600">{t('modal.scheduledCharge')}</p>}
      {short && (
        <p role="alert" className="mt-2 font-medium text-amber-900">
          {t('modal.short', { count: cost.shortBy })}{' '}
          <Link to={paths.buyCredits.getHref()} className="underline hover:text-amber-950">
            {t('modal.buyCredits')}
          </Link>
        </p>
      )}
    </div>
  );
}
