import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatLongDate, formatMoney } from '@/lib/format';
import { useChangePlan, usePlanChangePreview } from '../api/change-plan';

interface ChangePlanDialogProps {
  priceId: string;
  /** The plan and period chosen, as the card shows them ("Premium (anual)"). */
  label: string;
  onClose: () => void;
}

const reason = (err: unknown, fallback: string) => (err instanceof ApiError && err.message && err.message !== `Error ${err.status}` ? err.message : fallback);

/**
 * Confirms a plan change (docs/decisions.md §22.1): first the price charged now (the
 * provider's proration), when it applies and what changes; then the change itself.
 */
export function ChangePlanDialog({ priceId, label, onClose }: ChangePlanDialogProps) {
  const { t, i18n } = useTranslation('plans');
  const preview = usePlanChangePreview();
  const change = useChangePlan();
  const { mutate } = preview;
  useEffect(() => mutate(priceId), [mutate, priceId]);
  const data = preview.data;
  const money = (n: number) => formatMoney(n, data?.currency ?? 'eur', i18n.language);
  const period = (p: 'anual' | 'mensual') => t(p === 'anual' ? 'change.annual' : 'change.monthly');

  return (
    <Modal
      title={t('change.title', { plan: label })}
      closeLabel={t('change.close')}
      onClose={onClose}
      footer={
        change.isSuccess ? (
          <Button onClick={onClose}>{t('change.done')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('change.cancel')}
            </Button>
            {data && (
              <Button onClick={() => change.mutate(priceId)} loading={change.isPending} disabled={change.isPending}>
                {t('change.confirm')}
              </Button>
            )}
          </>
        )
      }
    >
      {preview.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" />
          {t('change.loading')}
        </p>
      )}
      {preview.isError && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {reason(preview.error, t('change.previewError'))}
        </p>
      )}
      {data && !change.isSuccess && (
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('change.from')}</dt>
            <dd className="font-semibold text-slate-900">{`${data.from.planName} (${period(data.from.billingPeriod)})`}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('change.to')}</dt>
            <dd className="font-semibold text-slate-900">{`${data.to.planName} (${period(data.to.billingPeriod)})`}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('change.when')}</dt>
            <dd className="font-semibold text-slate-900">{t('change.now')}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('change.chargedNow')}</dt>
            <dd data-testid="change-amount" className="font-semibold text-slate-900">{money(data.amountDue)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t('change.nextRenewal')}</dt>
            <dd className="text-right font-semibold text-slate-900">
              {t('change.nextRenewalValue', { amount: money(data.nextRenewalAmount), date: formatLongDate(data.nextRenewalAt, i18n.language) })}
            </dd>
          </div>
          <p className="pt-2 text-slate-600">{t('change.prorationNote')}</p>
        </dl>
      )}
      {change.isError && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {reason(change.error, t('change.error'))}
        </p>
      )}
      {change.isSuccess && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          {change.data.message}
        </p>
      )}
    </Modal>
  );
}
