import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { CalendarClockIcon } from 'lucide-react';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import type { Status } from '@/components/ui/status-message';
import { formatMediumDate, formatMoney } from '@/lib/format';
import { useCancelScheduledChange } from '../api/cancel-scheduled-change';
import { withServerReason } from '../utils/error-detail';

type Change = NonNullable<NonNullable<SubscriptionInfo['subscription']>['scheduledChange']>;

interface Props {
  change: Change;
  /** The plan now, which stays if the change is cancelled. */
  currentPlan: string;
  currency: string;
  onStatus: (status: Status) => void;
}

/**
 * A move down waiting for the end of the period (docs/decisions.md §22.1): the plan and the
 * date it applies, and a way to cancel it, confirmed first.
 */
export function ScheduledChangeNotice({ change, currentPlan, currency, onStatus }: Props) {
  const { t, i18n } = useTranslation('billing');
  const { confirm } = useAlerts();
  const cancel = useCancelScheduledChange();
  const amount = formatMoney(change.amount, currency, i18n.language);

  const onCancel = async () => {
    const ok = await confirm({
      title: t('confirm.cancelChangeTitle'),
      message: t('confirm.cancelChangeBody', { plan: currentPlan }),
      confirmLabel: t('confirm.cancelChangeYes'),
      cancelLabel: t('confirm.keepChange'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync();
      onStatus({ text: t('result.changeCancelled'), tone: 'success' });
    } catch (err) {
      onStatus({ text: withServerReason(t('result.changeCancelError'), err), tone: 'error' });
    }
  };

  return (
    <div role="note" data-testid="scheduled-change" className="flex flex-col gap-3 rounded-xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <CalendarClockIcon className="h-5 w-5 shrink-0 text-sky-700" aria-hidden="true" />
        <div>
          <p className="font-semibold">{t('card.scheduled', { plan: change.planName, date: formatMediumDate(change.effectiveAt, i18n.language) })}</p>
          <p className="mt-0.5 text-sky-900">{t(change.billingPeriod === 'anual' ? 'card.scheduledDetailAnnual' : 'card.scheduledDetailMonthly', { amount })}</p>
        </div>
      </div>
      <Button variant="secondary" onClick={() => void onCancel()} loading={cancel.isPending} disabled={cancel.isPending} className="w-full shrink-0 sm:w-auto">
        {t('actions.cancelChange')}
      </Button>
    </div>
  );
}
