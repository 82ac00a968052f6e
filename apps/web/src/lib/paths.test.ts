import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('when a link needs a return path, then it is one query parameter, encoded', () => {
    expect(paths.signin.getHref()).toBe('/signin');
    expect(paths.signin.getHref(null)).toBe('/signin');
    expect(paths.signin.getHref('/rankmap')).toBe('/signin?redirect=%2Frankmap');
    expect(paths.signup.getHref('/buy-credits?pack=1')).toBe('/signup?redirect=%2Fbuy-credits%3Fpack%3D1');
  });

  it('when the verification page is linked, then only the given parameters appear, e-mail first', () => {
    expect(paths.emailVerification.getHref()).toBe('/email-verification');
    expect(paths.emailVerification.getHref({ redirect: '/profile' })).toBe('/email-verification?redirect=%2Fprofile');
    expect(paths.emailVerification.getHref({ email: 'ana@example.es', redirect: '/' })).toBe('/email-verification?email=ana%40example.es&redirect=%2F');
    expect(paths.emailVerification.getHref({ email: 'ana@example.es', redirect: undefined })).toBe('/email-verification?email=ana%40example.es');
  });

  it('when a route has parameters, then its link fills them in the order of its pattern', () => {
    expect(paths.place.getHref('p1')).toBe('/rankmap/p1');
    expect(paths.keywordAnalysis.getHref('p1', 'k1')).toBe('/rankmap/p1/keyword/k1');
    expect(paths.editMatrix.getHref('p1')).toBe('/edit-matrix/p1');
    expect(paths.legal.getHref('privacy')).toBe('/legal/privacy');
    expect(paths.resetPasswordToken.getHref('t1')).toBe('/reset-password/t1');
    expect(paths.sandboxCheckout.getHref('cs_1')).toBe('/sandbox/checkout/cs_1');
    expect(paths.confirmEmail.getHref('signup', 't1')).toBe('/confirm-email/signup/t1');
  });

  it('when a route has no parameters, then its link is its pattern', () => {
    expect(paths.root.getHref()).toBe('/');
    expect(paths.statistics.getHref()).toBe('/estadisticas');
    expect(paths.subscriptionSuccess.getHref()).toBe(paths.subscriptionSuccess.path);
  });
});
