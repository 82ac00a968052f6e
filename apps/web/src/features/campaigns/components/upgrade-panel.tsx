import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { upgradeNeedText } from '@/lib/upgrade-text';

/** What campaigns are and the cheapest plan that has them (docs/decisions.md §22.2), instead of the editor. */
export function UpgradePanel({ currentPlan }: { currentPlan: string | null }) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation('common');
  const need = upgradeNeedText(cheapestPlanFor({ kind: 'campaigns' }, currentPlan));
  return (
    <section
      data-testid="campaigns-upgrade"
      aria-labelledby="campaigns-upgrade-title"
      className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-200"
    >
      <h2 id="campaigns-upgrade-title" className="text-base font-semibold text-brand-900">
        {t('upgrade.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('upgrade.body')}</p>
      <p className="mt-2 text-sm font-medium text-slate-900">
        {need ? t('upgrade.need', { need: tc(need.key, need.values) }) : t('upgrade.none')}
      </p>
      {need && (
        <Link to={paths.subscription.getHref()} className={`${buttonClass('primary')} mt-3 inline-flex`}>
          {t('upgrade.cta')}
        </Link>
      )}
    </section>
  );
}
