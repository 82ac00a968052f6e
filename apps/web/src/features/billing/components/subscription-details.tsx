import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { formatLongDate, formatMoney } from '@/lib/format';
import { isPaymentFailing } from '../utils/subscription-state';

type Subscription = NonNullable<SubscriptionInfo['subscription']>;

/** Billing period, amount (2 decimals, €), period end, trial end and last payment. */
export function SubscriptionDetails({ sub }: { sub: Subscription }) {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  const annual = sub.billingPeriod === 'anual';
  const amount = formatMoney(sub.amount, sub.currency, lang);
  const rows = [
    { term: t('details.billingPeriod'), value: t(annual ? 'details.annual' : 'details.monthly') },
    {
      term: t('details.amount'),
      value: t(annual ? 'details.perYear' : 'details.perMonth', { amount }),
      note: t('vat.included', { ns: 'common' }),
    },
    {
      term: t(
        sub.cancelAtPeriodEnd ? 'details.activeUntil' : isPaymentFailing(sub.status) ? 'details.periodEndPastDue' : 'details.periodEnd',
      ),
      value: formatLongDate(sub.currentPeriodEnd, lang),
    },
    { term: t('details.trialEnd'), value: sub.status === 'trialing' ? formatLongDate(sub.trialEnd, lang) : '' },
    { term: t('details.lastPayment'), value: formatLongDate(sub.lastPaymentDate, lang) },
  ].filter((row) => row.value);
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
      {rows.map((row) => (
        <div key={row.term}>
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{row.term}</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900">
            {row.value}
            {'note' in row && <span className="block text-xs font-normal text-slate-500">{row.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
