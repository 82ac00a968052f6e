import { describe, expect, it } from 'vitest';
import { getPlan } from './plans';
import { agencyFeatures, planChangeLines } from './plan-comparison';

const plan = (id: string) => getPlan(id)!;

describe('what changes between two plans', () => {
  it('lists credits, grid, seats, live support and white-label, Starter → Agency all up but support', () => {
    expect(planChangeLines(plan('pro_starter'), plan('pro_agency'))).toEqual([
      { aspect: 'credits', from: 500, to: 1500, change: 'more' },
      { aspect: 'gridSize', from: 15, to: 21, change: 'more' },
      { aspect: 'seats', from: 3, to: 10, change: 'more' },
      { aspect: 'liveSupport', from: true, to: true, change: 'same' },
      { aspect: 'whiteLabel', from: true, to: true, change: 'same' },
    ]);
  });

  it('counts unlimited seats as more than any number: Enterprise → Starter loses seats and grid', () => {
    const lines = planChangeLines(plan('pro_enterprise'), plan('pro_starter'));
    expect(lines.find((l) => l.aspect === 'seats')).toEqual({ aspect: 'seats', from: -1, to: 3, change: 'less' });
    expect(lines.find((l) => l.aspect === 'gridSize')).toEqual({ aspect: 'gridSize', from: 25, to: 15, change: 'less' });
  });

  it('says Premium → Profesional loses live support, and an agency plan → a business plan loses white-label', () => {
    expect(planChangeLines(plan('premium'), plan('profesional')).find((l) => l.aspect === 'liveSupport')).toMatchObject({ from: true, to: false, change: 'less' });
    expect(planChangeLines(plan('pro_starter'), plan('premium')).find((l) => l.aspect === 'whiteLabel')).toMatchObject({ from: true, to: false, change: 'less' });
  });
});

describe('what an agency plan adds', () => {
  it('gives every agency plan clients, free client viewers, campaigns, white-label, the API and live support, and only Enterprise unbranded reports', () => {
    const common = ['clients', 'clientViewers', 'campaigns', 'whiteLabel', 'api', 'liveSupport'];
    expect(agencyFeatures(plan('pro_starter'))).toEqual(common);
    expect(agencyFeatures(plan('pro_agency'))).toEqual(common);
    expect(agencyFeatures(plan('pro_enterprise'))).toEqual([...common, 'hidePoweredBy']);
  });

  it('gives business plans none of the agency features but Premium’s live support', () => {
    expect(agencyFeatures(plan('basico'))).toEqual([]);
    expect(agencyFeatures(plan('profesional'))).toEqual([]);
    expect(agencyFeatures(plan('premium'))).toEqual(['liveSupport']);
  });
});
