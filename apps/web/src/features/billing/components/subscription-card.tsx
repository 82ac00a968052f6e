import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlan, TRIAL_DAYS } from '@rankmaps/shared/plans';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { ClockIcon, CreditCardIcon } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { useSubscriptionInfo } from '../api/get-subscription-info';
import { formatLongDate } from '@/lib/format';
import { subscriptionActions, subscriptionBadge } from '../utils/subscription-state';
import { CreditsWidget } from './credits-widget';
import { PastDueBanner } from './past-due-banner';
import { PlanLimits } from './plan-limits';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionBadge } from './subscription-badge';
import { ScheduledChangeNotice } from './scheduled-change-notice';
import { SubscriptionDetails } from './subscription-details';

function Shell({ children, badge }: { children: ReactNode; badge?: ReactNode }) {
  const { t } = useTranslation('billing');
  return (
    <section
      aria-labelledby="subscription-card-title"
      data-testid="subscription-card"
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id="subscription-card-title" className="flex items-center gap-2.5 font-semibold text-slate-900">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <CreditCardIcon className="h-4 w-4" />
          </span>
          {t('card.title')}
        </h2>
        {badge}
      </div>
      <div className="space-y-5 px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

function Skeleton() {
  const { t } = useTranslation('billing');
  return (
    <Shell>
      <div role="status" aria-label={t('card.loading')} className="animate-pulse space-y-4">
        <div className="h-6 w-48 rounded bg-slate-200" />
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <div className="h-3 w-20 rounded bg-slate-100" />
              <div className="h-4 w-32 rounded bg-slate-200" />
            </div>
          ))}
        </div>
        <div className="h-10 w-56 rounded-lg bg-slate-100" />
      </div>
    </Shell>
  );
}

/** Credits for pro plans, limits for the others (docs/product.md §4 plan types). */
function PlanAllowance({ info }: { info: SubscriptionInfo }) {
  if (info.plan.type === 'pro') {
    return <CreditsWidget subscription={info.credits.subscription} extra={info.credits.extra} planMonthly={info.credits.planMonthly} />;
  }
  return <PlanLimits limits={{ ...info.plan.limits, manualScans: getPlan(info.plan.id)?.limits.manualScans }} />;
}

/** The profile's subscription card: state, details, what can be done, and what the plan allows. */
export function SubscriptionCard() {
  const { t } = useTranslation('billing');
  const query = useSubscriptionInfo();
  return (
    <QueryState query={query} loadingView={<Skeleton />} error={t('card.loadError')}>
      {(info) => <SubscriptionView info={info} />}
    </QueryState>
  );
}

function SubscriptionView({ info }: { info: SubscriptionInfo }) {
  const { t, i18n } = useTranslation('billing');
  const [status, setStatus] = useState<Status | null>(null);
  const sub = info.subscription;
  const state = subscriptionActions(info);
  const periodEnd = formatLongDate(sub?.currentPeriodEnd, i18n.language);

  if (!sub) {
    return (
      <Shell>
        <div>
          <p className="text-lg font-semibold text-slate-900">{t('card.noneTitle')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('card.none', { days: TRIAL_DAYS })}</p>
        </div>
        <StatusMessage status={status} />
        <SubscriptionActions state="none" periodEnd="" onStatus={setStatus} />
      </Shell>
    );
  }

  return (
    <Shell badge={<SubscriptionBadge badge={subscriptionBadge(sub)} />}>
      <p className="text-xl font-bold tracking-tight text-slate-900" data-testid="subscription-plan">
        {t('card.plan', { name: info.plan.name })}
      </p>
      {state === 'pastDue' && <PastDueBanner info={info} variant="inline" />}
      {state === 'cancelling' && (
        <div role="note" className="flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <ClockIcon className="h-5 w-5 shrink-0 text-amber-600" />
          <p>{periodEnd ? t('cancelling.notice', { date: periodEnd }) : t('cancelling.noticeNoDate')}</p>
        </div>
      )}
      {sub.scheduledChange && <ScheduledChangeNotice change={sub.scheduledChange} currentPlan={info.plan.name} currency={sub.currency} onStatus={setStatus} />}
      <SubscriptionDetails sub={sub} />
      <StatusMessage status={status} />
      {state !== 'pastDue' && <SubscriptionActions state={state} periodEnd={periodEnd} onStatus={setStatus} changeScheduled={Boolean(sub.scheduledChange)} />}
      <div className="border-t border-slate-100 pt-5">
        <PlanAllowance info={info} />
      </div>
    </Shell>
  );
}
