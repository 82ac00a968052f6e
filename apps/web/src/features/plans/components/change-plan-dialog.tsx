import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal, ModalActions } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { withCreditEuros } from '@/lib/credit-euros';
import { formatCount, formatLongDate, formatMoney } from '@/lib/format';
import { useChangePlan, usePlanChangePreview } from '../api/change-plan';
import { PlanChangeLines } from './plan-change-lines';

interface ChangePlanDialogProps {
  priceId: string;
  /** The plan and period chosen, as the card shows them ("Premium (anual)"). */
  label: string;
  onClose: () => void;
}

/** One line of the summary: what it is, and its value on the right. */
function Row({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{label}</dt>
      <dd data-testid={testId} className="text-right font-semibold text-slate-900">
        {children}
      </dd>
    </div>
  );
}

const reason = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.message && err.message !== `Error ${err.status}` ? err.message : fallback;

/**
 * Confirms a plan change (docs/decisions.md §22.1): first the price charged now (the
 * provider's proration), when it applies and what changes; then the change itself. A move
 * down shows the date it applies, that nothing is charged today and the new price, or, when
 * the user has more than the new plan allows, what to remove, with nothing to confirm.
 */
export function ChangePlanDialog({ priceId, label, onClose }: ChangePlanDialogProps) {
  const { t, i18n } = useTranslation('plans');
  const preview = usePlanChangePreview();
  const change = useChangePlan();
  const { mutate } = preview;
  useEffect(() => mutate(priceId), [mutate, priceId]);
  const data = preview.data;
  const downgrade = data?.kind === 'downgrade';
  // A move down that exceeds the new plan's limits cannot be confirmed: the list says what to remove first.
  const blocked = Boolean(data && data.mustRemove.length > 0);
  const money = (n: number) => formatMoney(n, data?.currency ?? 'eur', i18n.language);
  const period = (p: 'anual' | 'mensual') => t(p === 'anual' ? 'change.annual' : 'change.monthly');
  // «Solo pagas la diferencia» never sits beside 0,00 €: a free change says why nothing is charged.
  const upgradeNote = !data
    ? ''
    : data.trialEndsAt
      ? t('change.trialNote', { date: formatLongDate(data.trialEndsAt, i18n.language) })
      : data.amountDue === 0
        ? t('change.coveredNote')
        : t('change.prorationNote');

  return (
    <Modal
      title={t('change.title', { plan: label })}
      closeLabel={t('change.close')}
      onClose={onClose}
      footer={
        change.isSuccess ? (
          <Button onClick={onClose}>{t('change.done')}</Button>
        ) : (
          <ModalActions
            cancel={t('change.cancel')}
            onCancel={onClose}
            submit={data && !blocked && { label: t(downgrade ? 'change.confirmDowngrade' : 'change.confirm'), onClick: () => change.mutate(priceId), loading: change.isPending, disabled: change.isPending }}
          />
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
        <>
          <dl className="space-y-2 text-sm">
            <Row label={t('change.from')}>{`${data.from.planName} (${period(data.from.billingPeriod)})`}</Row>
            <Row label={t('change.to')}>{`${data.to.planName} (${period(data.to.billingPeriod)})`}</Row>
            {downgrade ? (
              <>
                <Row label={t('change.when')} testId="change-date">
                  {t('change.whenDowngrade', { date: formatLongDate(data.effectiveAt, i18n.language) })}
                </Row>
                <Row label={t('change.chargedNow')} testId="change-amount">
                  {t('change.nothingToday')}
                </Row>
                <Row label={t('change.newPrice')}>
                  {t(data.to.billingPeriod === 'anual' ? 'change.newPriceAnnual' : 'change.newPriceMonthly', {
                    amount: money(data.nextRenewalAmount),
                  })}
                </Row>
              </>
            ) : (
              <>
                <Row label={t('change.when')}>{t('change.now')}</Row>
                <Row label={t('change.chargedNow')} testId="change-amount">
                  {data.amountDue === 0 ? t('change.nothingToday') : money(data.amountDue)}
                </Row>
                {data.creditsNow > 0 && (
                  <Row label={t('change.creditsNow')} testId="change-credits-now">
                    {withCreditEuros(t('change.creditsNowValue', { count: data.creditsNow, credits: formatCount(data.creditsNow, i18n.language) }), data.creditsNow, i18n.language)}
                  </Row>
                )}
                <Row label={t('change.nextRenewal')}>
                  {t('change.nextRenewalValue', {
                    amount: money(data.nextRenewalAmount),
                    date: formatLongDate(data.nextRenewalAt, i18n.language),
                  })}
                </Row>
              </>
            )}
          </dl>
          {/* A note under the list, not inside it: a <dl> holds only its rows. */}
          {!blocked && (
            <p data-testid="change-note" className="pt-2 text-sm text-slate-600">
              {downgrade ? t('change.downgradeNote') : upgradeNote}
              {data.creditsNow > 0 && ` ${t(data.from.billingPeriod === data.to.billingPeriod ? 'change.creditsNowNote' : 'change.creditsNewPeriodNote')}`}
            </p>
          )}
          <PlanChangeLines preview={data} />
        </>
      )}
      {data && !change.isSuccess && blocked && (
        <div
          role="alert"
          data-testid="change-must-remove"
          className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <p className="font-semibold">{t('change.mustRemoveTitle', { plan: data.to.planName })}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {data.mustRemove.map((e) => (
              <li key={`${e.kind}-${e.placeId ?? ''}`}>
                {e.kind === 'places'
                  ? t('change.mustRemovePlaces', { count: e.excess, have: e.count, limit: e.limit })
                  : t('change.mustRemoveKeywords', { count: e.excess, place: e.placeName ?? '', have: e.count, limit: e.limit })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t('change.mustRemoveHint')}</p>
        </div>
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
