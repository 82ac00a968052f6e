import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button, buttonClass } from '@/components/ui/button';
import type { Status } from '@/components/ui/status-message';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCancelSubscriptionImmediately } from '../api/cancel-subscription-immediately';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { withServerReason } from '../utils/error-detail';
import type { SubscriptionActions as State } from '../utils/subscription-state';
import { PortalButton } from './portal-button';
import { paths } from '@/lib/paths';

interface Props {
  state: Exclude<State, 'pastDue'>;
  /** The end of the current period, already formatted ('' when unknown). */
  periodEnd: string;
  onStatus: (status: Status) => void;
  /** A move down is scheduled: cancelling is refused until it is cancelled, so the button says so before any confirmation. */
  changeScheduled?: boolean;
}

/** The buttons of each subscription state (docs/product.md §4); every change is confirmed first. */
export function SubscriptionActions({ state, periodEnd, onStatus, changeScheduled = false }: Props) {
  const { t } = useTranslation('billing');
  const { confirm } = useAlerts();
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const cancelNow = useCancelSubscriptionImmediately();
  const busy = cancel.isPending || reactivate.isPending || cancelNow.isPending;

  const run = async (mutation: { mutateAsync: () => Promise<unknown> }, success: string, failure: string) => {
    try {
      await mutation.mutateAsync();
      onStatus({ text: success, tone: 'success' });
    } catch (err) {
      onStatus({ text: withServerReason(failure, err), tone: 'error' });
    }
  };

  const onCancel = async () => {
    const ok = await confirm({
      title: t('confirm.cancelTitle'),
      message: periodEnd ? t('confirm.cancelBody', { date: periodEnd }) : t('confirm.cancelBodyNoDate'),
      confirmLabel: t('confirm.cancelYes'),
      cancelLabel: t('confirm.keep'),
      destructive: true,
    });
    if (ok) await run(cancel, t('result.cancelled'), t('result.cancelError'));
  };

  const onReactivate = async () => {
    const ok = await confirm({
      title: t('confirm.reactivateTitle'),
      message: periodEnd ? t('confirm.reactivateBody', { date: periodEnd }) : t('confirm.reactivateBodyNoDate'),
      confirmLabel: t('confirm.reactivateYes'),
      cancelLabel: t('confirm.no'),
    });
    if (ok) await run(reactivate, t('result.reactivated'), t('result.reactivateError'));
  };

  const onCancelNow = async () => {
    const ok = await confirm({
      title: t('confirm.cancelNowTitle'),
      message: t('confirm.cancelNowBody'),
      confirmLabel: t('confirm.cancelNowYes'),
      cancelLabel: t('confirm.keep'),
      destructive: true,
    });
    if (ok) await run(cancelNow, t('result.cancelledNow'), t('result.cancelNowError'));
  };

  if (state === 'none') {
    return (
      <Link to={paths.subscription.getHref()} className={`${buttonClass('primary')} w-full sm:w-auto`}>
        {t('card.subscribe')}
      </Link>
    );
  }

  if (state === 'cancelling') {
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
        <Button onClick={() => void onReactivate()} loading={reactivate.isPending} disabled={busy} className="w-full sm:w-auto">
          {t('actions.reactivate')}
        </Button>
        <Button
          variant="danger"
          onClick={() => void onCancelNow()}
          loading={cancelNow.isPending}
          disabled={busy}
          className="w-full sm:w-auto"
        >
          {t('actions.cancelNow')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
      <PortalButton label={t('actions.manageBilling')} />
      <Link to={paths.subscription.getHref()} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
        {t('actions.otherPlans')}
      </Link>
      <Button
        variant="ghost"
        onClick={() => void onCancel()}
        loading={cancel.isPending}
        disabled={busy || changeScheduled}
        aria-describedby={changeScheduled ? 'cancel-blocked-reason' : undefined}
        className="w-full text-red-700! hover:bg-red-50! sm:ml-auto sm:w-auto"
      >
        {t('actions.cancel')}
      </Button>
      {changeScheduled && (
        <p id="cancel-blocked-reason" data-testid="cancel-blocked-reason" className="w-full text-sm text-slate-600 sm:text-right">
          {t('actions.cancelBlocked')}
        </p>
      )}
    </div>
  );
}
