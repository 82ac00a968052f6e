import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { buttonClass } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';
import { PortalButton } from './portal-button';
import { paths } from '@/lib/paths';

type Failure = NonNullable<NonNullable<SubscriptionInfo['subscription']>['lastPaymentFailure']>;

/** Last attempt date, attempt number and next attempt of a failed charge (docs/product.md §4). */
export function PastDueDetails({ failure }: { failure: Failure | null }) {
  const { t, i18n } = useTranslation('billing');
  if (!failure) return null;
  const rows = [
    { term: t('pastDue.lastAttempt'), value: formatLongDate(failure.failedAt, i18n.language) },
    { term: t('pastDue.attempt'), value: t('pastDue.attemptValue', { n: failure.attemptCount }) },
    {
      term: t('pastDue.nextAttempt'),
      value: failure.nextAttempt ? formatLongDate(failure.nextAttempt, i18n.language) : t('pastDue.noNextAttempt'),
    },
  ];
  return (
    // Three columns only when its own box is wide enough: the signed-in sidebar narrows the page from 768 px.
    <div className="@container">
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm @xl:grid-cols-3">
        {rows.map((row) => (
          <div key={row.term}>
            <dt className="text-xs font-medium tracking-wide text-red-700/80 uppercase">{row.term}</dt>
            <dd className="mt-0.5 font-semibold text-red-950">{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** 'Update payment method' (portal, new tab) and 'Ver Planes'. */
export function PastDueActions() {
  const { t } = useTranslation('billing');
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
      <PortalButton label={t('pastDue.updatePayment')} variant="primary" />
      <Link to={paths.subscription.getHref()} className={`${buttonClass('secondary')} w-full sm:w-auto`}>
        {t('pastDue.viewPlans')}
      </Link>
    </div>
  );
}
