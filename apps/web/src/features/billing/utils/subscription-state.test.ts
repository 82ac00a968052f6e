import { describe, expect, it } from 'vitest';
import { creditsBar, subscriptionActions, subscriptionBadge } from './subscription-state';

const sub = (status: string, cancelAtPeriodEnd = false) => ({
  id: 'sub_1',
  status,
  cancelAtPeriodEnd,
  amount: 29,
  currency: 'eur',
  billingPeriod: 'mensual' as const,
  currentPeriodStart: null,
  currentPeriodEnd: null,
  trialEnd: null,
  lastPaymentDate: null,
  lastPaymentFailure: null,
  scheduledChange: null,
});

describe('subscriptionBadge', () => {
  it('when the payment failed, then it reads past due even while cancelling', () => {
    expect(subscriptionBadge(sub('past_due', true))).toBe('pastDue');
    expect(subscriptionBadge(sub('unpaid'))).toBe('pastDue');
  });

  it('when on trial, then trial comes before cancelling (docs/product.md §4 order)', () => {
    expect(subscriptionBadge(sub('trialing', true))).toBe('trialing');
  });

  it('when cancelling at period end, then cancelling; otherwise active', () => {
    expect(subscriptionBadge(sub('active', true))).toBe('cancelling');
    expect(subscriptionBadge(sub('active'))).toBe('active');
  });
});

describe('subscriptionActions', () => {
  it('when there is no subscription, then only subscribing is offered', () => {
    expect(subscriptionActions({ subscription: null })).toBe('none');
    expect(subscriptionActions(undefined)).toBe('none');
  });

  it('when a trial is cancelling, then it offers reactivate and cancel now', () => {
    expect(subscriptionActions({ subscription: sub('trialing', true) })).toBe('cancelling');
  });

  it('when past due, then the payment actions win; a trial or active one can be cancelled', () => {
    expect(subscriptionActions({ subscription: sub('past_due', true) })).toBe('pastDue');
    expect(subscriptionActions({ subscription: sub('trialing') })).toBe('active');
    expect(subscriptionActions({ subscription: sub('active') })).toBe('active');
  });
});

describe('creditsBar', () => {
  it("when the plan's monthly credits are known, then the bar is out of them", () => {
    expect(creditsBar(250, 500)).toEqual({ total: 500, percent: 50 });
  });

  it('when they are unknown, then the total defaults to 100', () => {
    expect(creditsBar(40, 0)).toEqual({ total: 100, percent: 40 });
  });

  it('when the balance is above the total or negative, then the bar stays within 0–100 %', () => {
    expect(creditsBar(900, 500).percent).toBe(100);
    expect(creditsBar(-5, 500).percent).toBe(0);
  });
});
