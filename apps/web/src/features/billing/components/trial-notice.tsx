import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { formatLongDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * On the dashboard while the trial runs: the day it ends and the charge starts (docs/decisions.md §22);
 * once the subscription is cancelled, that it ends then with nothing charged.
 */
export function TrialNotice({ info }: { info: SubscriptionInfo | undefined }) {
  const { t, i18n } = useTranslation('billing');
  const sub = info?.subscription;
  if (!sub || sub.status !== 'trialing' || !sub.trialEnd) return null;
  return (
    <p role="status" data-testid="trial-notice" className="rounded-xl bg-brand-50 p-4 text-sm text-slate-800 ring-1 ring-brand-100">
      {t(sub.cancelAtPeriodEnd ? 'trialNotice.cancelledBody' : 'trialNotice.body', { date: formatLongDate(sub.trialEnd, i18n.language) })}{' '}
      <Link to={paths.profile.getHref()} className="font-semibold text-brand-700 hover:underline">
        {t('trialNotice.link')}
      </Link>
    </p>
  );
}
