import { describe, expect, it } from 'vitest';
import { devParamsDefaults, devParamsFormSchema, toDevParamsRequest, toWholeNumber } from './dev-params';

describe('toWholeNumber', () => {
  it('when the text is not a number, then it becomes 0', () => {
    expect(toWholeNumber('abc')).toBe(0);
    expect(toWholeNumber('')).toBe(0);
    expect(toWholeNumber(undefined)).toBe(0);
  });

  it('when it is a number, then it is kept as a whole number', () => {
    expect(toWholeNumber('-1')).toBe(-1);
    expect(toWholeNumber(' 25 ')).toBe(25);
    expect(toWholeNumber('7.9')).toBe(7);
  });
});

describe('devParamsFormSchema', () => {
  const base = devParamsDefaults({ subscriptionCredits: 12, extraCredits: 500 });

  it('when the defaults are sent, then the request is basic, 1 place, 3 keywords, 0 credits', () => {
    expect(toDevParamsRequest(devParamsFormSchema.parse(base))).toEqual({
      planLimits: { type: 'basic', places: 1, keywords: 3, credits: 0 },
      subscriptionCredits: 12,
      extraCredits: 500,
    });
  });

  it('when places is -1, then it means unlimited and passes; below -1 it fails on that field', () => {
    expect(devParamsFormSchema.safeParse({ ...base, places: '-1' }).success).toBe(true);
    const bad = devParamsFormSchema.safeParse({ ...base, places: '-2' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['places']);
  });

  it('when keywords or credits are negative, then it fails; non-numbers count as 0 and pass', () => {
    expect(devParamsFormSchema.safeParse({ ...base, keywords: '-1' }).success).toBe(false);
    expect(devParamsFormSchema.safeParse({ ...base, credits: '-3' }).success).toBe(false);
    expect(devParamsFormSchema.parse({ ...base, extraCredits: 'muchos' }).extraCredits).toBe(0);
  });
});
