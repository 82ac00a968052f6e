import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PlanAction, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { paths } from '@/lib/paths';
import { availabilityText } from '@/lib/upgrade-text';
import { buttonClass } from './button';

/**
 * What a plan without a feature sees under its explanation: which plan has it («Disponible
 * desde Premium»; nothing when no plan does) and a link to the subscription to change plan.
 */
export function PlanUpsell({ action, currentPlan, cta }: { action: PlanAction; currentPlan: string | null; cta: string }) {
  const { t } = useTranslation();
  const label = availabilityText(cheapestPlanFor(action, currentPlan));
  return (
    <>
      {label && <p className="inline-block rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">{t(label.key, label.values)}</p>}
      <p>
        <Link to={paths.subscription.getHref()} className={buttonClass('primary')}>
          {cta}
        </Link>
      </p>
    </>
  );
}
