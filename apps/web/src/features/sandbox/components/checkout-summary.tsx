import { useTranslation } from 'react-i18next';
import type { SandboxCheckout } from '@rankmaps/shared/schemas/sandbox';
import { formatMoney } from '@/lib/format';


/** What is being bought: description, amount in €, and the trial when there is one. */
export function CheckoutSummary({ checkout }: { checkout: SandboxCheckout }) {
  const { t, i18n } = useTranslation('sandbox');
  const amount = formatMoney(checkout.amount, checkout.currency, i18n.language);
  const per = checkout.billingPeriod ? t(`checkout.per.${checkout.billingPeriod}`) : '';
  return (
    <div className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('checkout.summary')}</p>
      <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="checkout-description">
        {checkout.description}
      </p>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-3xl font-extrabold tracking-tight text-slate-900 tabular-nums" data-testid="checkout-amount">
          {amount}
        </span>
        {per && <span className="text-sm text-slate-500">{per}</span>}
      </p>
      <p className="mt-1 text-xs text-slate-500">{t('checkout.vatNote')}</p>
      {checkout.trialDays > 0 && (
        <div className="mt-4 rounded-xl bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200">
          <p className="font-semibold">{t('checkout.trial', { days: checkout.trialDays, amount })}</p>
          <p className="mt-0.5 text-emerald-800">{t('checkout.dueToday', { amount: formatMoney(0, checkout.currency, i18n.language) })}</p>
        </div>
      )}
    </div>
  );
}
