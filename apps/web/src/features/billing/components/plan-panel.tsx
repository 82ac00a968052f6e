import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { SparklesIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { limitsOfProfile, monthlyCreditsOf } from '../utils/plan-limits';
import { CreditsWidget } from './credits-widget';
import { type ManualScansLeft, PlanLimits } from './plan-limits';
import { paths } from '@/lib/paths';
import { useCan } from '@/lib/workspace/use-workspace';

/**
 * What the plan allows (docs/product.md §4 plan types): pro plans show their credits, other plans
 * their limits (with the month's manual scans left, when the caller has them), and the free state
 * an upgrade button.
 */
export function PlanPanel({ profile, manualScansLeft }: { profile: Profile; manualScansLeft?: ManualScansLeft | undefined }) {
  const { t } = useTranslation('billing');
  const type = profile.planLimits.type;
  // Only the owner buys (docs/decisions.md §30.7): the others see the plan without its button.
  const canBuy = useCan('billing.manage');
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      {type === 'pro' && (
        <CreditsWidget
          subscription={profile.subscriptionCredits}
          extra={profile.extraCredits}
          planMonthly={monthlyCreditsOf(profile)}
          headingLevel="h2"
        />
      )}
      {type === 'basic' && <PlanLimits limits={limitsOfProfile(profile)} headingLevel="h2" manualScansLeft={manualScansLeft} />}
      {type === 'free' && (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-600 ring-1 ring-violet-100">
              <SparklesIcon className="h-5 w-5" />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900">{t('free.title')}</h2>
              <p className="mt-1 text-sm text-slate-600">{t('free.body')}</p>
            </div>
          </div>
          {canBuy && (
            <Link to={paths.subscription.getHref()} className={`${buttonClass('primary')} shrink-0`}>
              {t('free.upgrade')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
