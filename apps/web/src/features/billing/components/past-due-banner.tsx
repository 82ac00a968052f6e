import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { TriangleExclamationPointIcon } from 'lucide-react';
import { isPaymentFailing } from '../utils/subscription-state';
import { PastDueActions, PastDueDetails } from './past-due-notice';

/**
 * The warning a past-due subscription raises (docs/product.md §2, docs/product.md §4): what failed, when it is
 * retried, and how to fix it. Renders nothing while the subscription is in good standing.
 */
export function PastDueBanner({ info, variant = 'banner' }: { info: SubscriptionInfo | undefined; variant?: 'banner' | 'inline' }) {
  const { t } = useTranslation('billing');
  const sub = info?.subscription;
  if (!sub || !isPaymentFailing(sub.status)) return null;
  const Heading = variant === 'banner' ? 'h2' : 'h3';
  return (
    <section
      data-testid="past-due-banner"
      aria-labelledby="past-due-title"
      className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5"
    >
      <div className="flex gap-3">
        <TriangleExclamationPointIcon className="mt-0.5 h-5 w-5 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1">
          <Heading id="past-due-title" className="font-semibold text-red-900">
            {t('pastDue.title')}
          </Heading>
          <p className="mt-1 text-sm text-red-800">{t('pastDue.body')}</p>
          <PastDueDetails failure={sub.lastPaymentFailure} />
          <PastDueActions />
        </div>
      </div>
    </section>
  );
}
