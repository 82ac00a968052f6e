// What a plan adds, and what changes between two plans, read from the catalogue (plans.ts) and
// what it allows (plan-upgrade.ts): the pricing page's agency cards and the plan-change dialog
// list these, so no page states a feature of its own (docs/decisions.md §1).
import { type Plan, UNLIMITED, isUnlimited } from './plans';
import { planAllows } from './plan-upgrade';

/** What the plan-change dialog lists for both plans. */
export type PlanChangeAspect = 'credits' | 'gridSize' | 'seats' | 'liveSupport' | 'whiteLabel';

export interface PlanChangeLine {
  aspect: PlanChangeAspect;
  from: number | boolean;
  to: number | boolean;
  /** Whether the new plan has more of it, less, or the same. */
  change: 'more' | 'less' | 'same';
}

const rank = (v: number | boolean) => (typeof v === 'boolean' ? Number(v) : isUnlimited(v) ? Number.POSITIVE_INFINITY : v);

/** Each aspect of `from` beside `to`: credits a month, the largest grid, member seats, live support, white-label. */
export function planChangeLines(from: Plan, to: Plan): PlanChangeLine[] {
  const values: [PlanChangeAspect, (p: Plan) => number | boolean][] = [
    ['credits', (p) => p.credits],
    ['gridSize', (p) => p.limits.gridSize],
    // Unlimited seats (null) read as the catalogue's other unlimited figures.
    ['seats', (p) => p.seats ?? UNLIMITED],
    ['liveSupport', (p) => planAllows(p, { kind: 'liveSupport' })],
    ['whiteLabel', (p) => planAllows(p, { kind: 'whiteLabel' })],
  ];
  return values.map(([aspect, of]) => {
    const a = of(from);
    const b = of(to);
    const change = rank(b) > rank(a) ? 'more' : rank(b) < rank(a) ? 'less' : 'same';
    return { aspect, from: a, to: b, change };
  });
}

/** What an agency plan adds beyond the unlimited businesses and keywords, in the order the card lists it. */
export type AgencyFeature = 'clients' | 'clientViewers' | 'campaigns' | 'whiteLabel' | 'api' | 'liveSupport' | 'hidePoweredBy';

/** The agency features `plan` has: clients and campaigns, white-label, API/webhooks/MCP, live support, and Enterprise's unbranded reports. */
export function agencyFeatures(plan: Plan): AgencyFeature[] {
  const has: Record<AgencyFeature, boolean> = {
    // Clients group an agency's businesses (docs/decisions.md §25): the agency plans' workspace.
    clients: plan.category === 'professional',
    // Cliente viewers take no seat on the agency plans (docs/decisions.md §30.3).
    clientViewers: plan.category === 'professional',
    campaigns: planAllows(plan, { kind: 'campaigns' }),
    whiteLabel: planAllows(plan, { kind: 'whiteLabel' }),
    // Webhooks and the MCP server go with the API keys (docs/decisions.md §26.1).
    api: planAllows(plan, { kind: 'apiKeys' }),
    liveSupport: planAllows(plan, { kind: 'liveSupport' }),
    hidePoweredBy: planAllows(plan, { kind: 'hidePoweredBy' }),
  };
  return (Object.keys(has) as AgencyFeature[]).filter((f) => has[f]);
}
