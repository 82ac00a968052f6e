import type { TFunction } from 'i18next';
import { localeOf } from '@/lib/format';
import { claims } from './claims';

/**
 * The plans with live chat and video call, as the landing and the FAQ name them: «el plan Premium
 * y los planes para agencias». Read from the catalogue (claims.liveSupport), so no page promises
 * live support on a plan that lacks it.
 */
export function liveSupportPlansText(t: TFunction, language: string): string {
  const { businessPlans, allAgencyPlans } = claims.liveSupport;
  const parts = [
    ...(businessPlans.length === 1 ? [t('liveSupportPlans.plan', { ns: 'common', name: businessPlans[0] })] : []),
    ...(businessPlans.length > 1 ? [t('liveSupportPlans.plans', { ns: 'common', names: new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(businessPlans) })] : []),
    ...(allAgencyPlans ? [t('liveSupportPlans.agency', { ns: 'common' })] : []),
  ];
  return new Intl.ListFormat(localeOf(language), { type: 'conjunction' }).format(parts);
}
