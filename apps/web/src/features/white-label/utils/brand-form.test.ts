import { accentReadable, contrastWithWhite, darkenForWhiteText } from '@rankmaps/shared/schemas/report-brand';
import { describe, expect, it } from 'vitest';
import { accentAdvice, brandBody } from './brand-form';

const values = { name: 'Agencia Norte', accent: '#1D4ED8', contact: '', footer: 'Pie', hidePoweredBy: true };

describe('brandBody', () => {
  it('when the form is valid, then the body has nulls for empty texts and keeps «Hecho con RankMaps» unless the plan may remove it', () => {
    expect(brandBody(values, false)).toEqual({ body: { name: 'Agencia Norte', accent: '#1D4ED8', contact: null, footer: 'Pie', hidePoweredBy: false } });
    expect(brandBody(values, true)).toMatchObject({ body: { hidePoweredBy: true } });
  });

  it('when fields are wrong, then each gets its catalogue message', () => {
    expect(brandBody({ ...values, name: ' ', accent: '#12', footer: 'x'.repeat(201) }, true)).toEqual({
      errors: { name: 'v:brandNameInvalid', accent: 'v:brandAccentInvalid', footer: 'v:brandFooterInvalid' },
    });
    expect(brandBody({ ...values, accent: '#ffeb3b' }, true)).toEqual({ errors: { accent: 'v:brandAccentTooLight' } });
  });
});

describe('accent contrast', () => {
  it('when the accent is light, then the advice gives the ratio and a darker shade that reaches 4.5:1', () => {
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
    expect(accentAdvice('#1d4ed8')).toBeNull();
    expect(accentAdvice('#1d4e')).toBeNull();
    const advice = accentAdvice('#FFEB3B');
    expect(advice?.ratio).toBeLessThan(1.5);
    expect(accentReadable(advice!.darker)).toBe(true);
    // The darker shade is the lightest that passes: one step lighter fails.
    expect(contrastWithWhite(darkenForWhiteText('#ffeb3b'))).toBeLessThan(5);
    expect(darkenForWhiteText('#1d4ed8')).toBe('#1d4ed8');
  });
});
