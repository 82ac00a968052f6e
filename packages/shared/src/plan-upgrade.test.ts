import { describe, expect, it } from 'vitest';
import { getPlan, hasLiveSupport } from './plans';
import { type PlanAction, type UpgradeTarget, audienceOf, availabilityLabelEs, cheapestPlanFor, planAllows, upgradeNeedEs } from './plan-upgrade';

const named = (t: UpgradeTarget) => (t.kind === 'none' ? 'none' : `${t.kind}:${t.plan.id}`);

describe('cheapestPlanFor', () => {
  it('when a Profesional subscriber asks for 11×11 or 13×13, then Premium is named, not an agency plan', () => {
    expect(named(cheapestPlanFor({ kind: 'gridSize', size: 11 }, 'profesional'))).toBe('plan:premium');
    expect(named(cheapestPlanFor({ kind: 'gridSize', size: 13 }, 'profesional'))).toBe('plan:premium');
    expect(named(cheapestPlanFor({ kind: 'gridSize', size: 9 }, 'basico'))).toBe('plan:profesional');
  });

  it('when no business-owner plan allows the grid, then the agency plans are named, through their cheapest (Starter)', () => {
    const target = cheapestPlanFor({ kind: 'gridSize', size: 15 }, 'premium');
    expect(named(target)).toBe('audience:pro_starter');
    expect(availabilityLabelEs(target)).toBe('Disponible en planes para agencias');
    expect(upgradeNeedEs(target)).toBe('un plan para agencias');
  });

  it('when an agency plan is on Starter and asks for 17×17, then Agency is named; beyond 25×25 nothing is', () => {
    expect(named(cheapestPlanFor({ kind: 'gridSize', size: 17 }, 'pro_starter'))).toBe('plan:pro_agency');
    expect(named(cheapestPlanFor({ kind: 'gridSize', size: 23 }, 'pro_agency'))).toBe('plan:pro_enterprise');
    const none = cheapestPlanFor({ kind: 'gridSize', size: 27 }, 'pro_enterprise');
    expect(none).toEqual({ kind: 'none' });
    expect(availabilityLabelEs(none)).toBeNull();
    expect(upgradeNeedEs(none)).toBeNull();
  });

  it('when a business-owner plan wants another radius or to switch weekly scans, then only agency plans allow it', () => {
    expect(named(cheapestPlanFor({ kind: 'radius', radius: 3000 }, 'premium'))).toBe('audience:pro_starter');
    expect(named(cheapestPlanFor({ kind: 'weeklyScansToggle' }, 'basico'))).toBe('audience:pro_starter');
    // The fixed radius is allowed by every plan: the cheapest business-owner plan.
    expect(named(cheapestPlanFor({ kind: 'radius', radius: 1500 }, 'premium'))).toBe('plan:basico');
  });

  it('when a business-owner plan wants white-label, then the agency plans are named; removing «Hecho con RankMaps» names Enterprise', () => {
    const whiteLabel = cheapestPlanFor({ kind: 'whiteLabel' }, 'premium');
    expect(named(whiteLabel)).toBe('audience:pro_starter');
    expect(availabilityLabelEs(whiteLabel)).toBe('Disponible en planes para agencias');
    expect(named(cheapestPlanFor({ kind: 'whiteLabel' }, null))).toBe('audience:pro_starter');
    expect(named(cheapestPlanFor({ kind: 'whiteLabel' }, 'pro_agency'))).toBe('plan:pro_starter');
    expect(named(cheapestPlanFor({ kind: 'hidePoweredBy' }, 'pro_starter'))).toBe('plan:pro_enterprise');
    expect(named(cheapestPlanFor({ kind: 'hidePoweredBy' }, 'basico'))).toBe('audience:pro_enterprise');
    expect(planAllows(getPlan('pro_agency')!, { kind: 'hidePoweredBy' })).toBe(false);
    expect(planAllows(getPlan('pro_enterprise')!, { kind: 'hidePoweredBy' })).toBe(true);
  });

  it('when places, keywords or manual scans outgrow the plan, then the first plan whose limit fits is named', () => {
    expect(named(cheapestPlanFor({ kind: 'places', count: 2 }, 'basico'))).toBe('plan:profesional');
    expect(named(cheapestPlanFor({ kind: 'places', count: 4 }, 'profesional'))).toBe('plan:premium');
    expect(named(cheapestPlanFor({ kind: 'places', count: 11 }, 'premium'))).toBe('audience:pro_starter');
    expect(named(cheapestPlanFor({ kind: 'keywords', count: 4 }, 'basico'))).toBe('plan:profesional');
    expect(named(cheapestPlanFor({ kind: 'keywords', count: 6 }, 'premium'))).toBe('audience:pro_starter');
    expect(named(cheapestPlanFor({ kind: 'manualScans', count: 6 }, 'profesional'))).toBe('plan:premium');
    expect(named(cheapestPlanFor({ kind: 'manualScans', count: 21 }, 'premium'))).toBe('audience:pro_starter');
  });

  it('when the user has no plan, then they are counted among business owners, whose plans are compared first', () => {
    expect(audienceOf(null)).toBe('basic');
    expect(audienceOf('no-such-plan')).toBe('basic');
    expect(audienceOf('pro_agency')).toBe('professional');
    // Starter (49 €) is cheaper than Profesional (59 €), but the owner's audience comes first.
    const target = cheapestPlanFor({ kind: 'gridSize', size: 9 }, null);
    expect(named(target)).toBe('plan:profesional');
    expect(availabilityLabelEs(target)).toBe('Disponible desde Profesional');
    expect(upgradeNeedEs(target)).toBe('el plan Profesional');
  });

  it('never names a plan that does not allow the action, nor one cheaper in the same audience that would', () => {
    const actions: PlanAction[] = [3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25].map((size) => ({ kind: 'gridSize', size }));
    for (const current of ['basico', 'profesional', 'premium', 'pro_starter', 'pro_agency', 'pro_enterprise']) {
      for (const action of actions) {
        const target = cheapestPlanFor(action, current);
        if (target.kind === 'none') continue;
        expect(planAllows(target.plan, action)).toBe(true);
        if (target.kind === 'plan') expect(target.plan.category).toBe(getPlan(current)!.category);
      }
    }
  });
});

describe('live support (docs/decisions.md §27.1)', () => {
  it('when the catalogue is read, then Premium and the agency plans carry live chat and video call, and the other basic plans do not', () => {
    const live = ['basico', 'profesional', 'premium', 'pro_starter', 'pro_agency', 'pro_enterprise'].filter((id) => planAllows(getPlan(id)!, { kind: 'liveSupport' }));
    expect(live).toEqual(['premium', 'pro_starter', 'pro_agency', 'pro_enterprise']);
    expect(hasLiveSupport('premium')).toBe(true);
    expect(hasLiveSupport(null)).toBe(false);
    expect(hasLiveSupport('inventado')).toBe(false);
  });

  it('when a Básico or Profesional user, or one without a plan, asks for it, then the prompt says «Disponible desde Premium»', () => {
    for (const current of ['basico', 'profesional', null]) {
      const target = cheapestPlanFor({ kind: 'liveSupport' }, current);
      expect(named(target)).toBe('plan:premium');
      expect(availabilityLabelEs(target)).toBe('Disponible desde Premium');
    }
    expect(named(cheapestPlanFor({ kind: 'liveSupport' }, 'pro_starter'))).toBe('plan:pro_starter');
  });
});
