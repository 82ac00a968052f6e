import type { UpgradeTarget } from '@rankmaps/shared/plan-upgrade';

/** A `common` catalogue key and its values: what the interface says about an upgrade. */
export interface UpgradeText {
  key: 'upgrade.from' | 'upgrade.agencies' | 'upgrade.owners' | 'upgrade.needPlan' | 'upgrade.needAgencies' | 'upgrade.needOwners';
  values: { plan?: string };
}

/**
 * The label of something the plan does not allow (docs/decisions.md §22): "Disponible desde
 * Premium", or "Disponible en planes para agencias" when only the other audience's plans allow
 * it; null when no plan does.
 */
export function availabilityText(target: UpgradeTarget): UpgradeText | null {
  if (target.kind === 'plan') return { key: 'upgrade.from', values: { plan: target.plan.name } };
  if (target.kind === 'audience') return { key: target.category === 'professional' ? 'upgrade.agencies' : 'upgrade.owners', values: {} };
  return null;
}

/** What an upgrade needs, to end a sentence: "el plan Premium", "un plan para agencias"; null when no plan allows it. */
export function upgradeNeedText(target: UpgradeTarget): UpgradeText | null {
  if (target.kind === 'plan') return { key: 'upgrade.needPlan', values: { plan: target.plan.name } };
  if (target.kind === 'audience') return { key: target.category === 'professional' ? 'upgrade.needAgencies' : 'upgrade.needOwners', values: {} };
  return null;
}
