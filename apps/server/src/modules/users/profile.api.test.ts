import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Profile, profileSchema } from '@rankmaps/shared/schemas/profile';
import { subscribeThroughSandbox } from '../../../test/sandbox';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { createConfirmedUser, sessions } from '../../../test/sessions';

describe('GET /api/user/profile', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const getProfile = (token?: string) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('when signed in without a plan, then it answers exactly the profile shape with the free fallbacks', async () => {
    const { email, accessToken } = await createConfirmedUser(app, container, { name: 'Marta Ruiz' });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const res = await getProfile(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: user!.id,
      name: 'Marta Ruiz',
      firstName: null,
      lastName: null,
      email,
      profilePicture: null,
      mail_confirmed: true,
      currentPlan: 'free',
      subscriptionStatus: null,
      options: [],
      billingData: null,
      places: [],
      activePlaceId: null,
      planLimits: { type: 'free', places: 1, keywords: 10, weeklyScans: 0, gridSize: 7, credits: 0 },
      subscriptionCredits: 0,
      extraCredits: 0,
    });
    expect(profileSchema.strict().safeParse(res.json()).success).toBe(true);
  });

  it('when the row holds internal fields, then none of them leak (no hashes, no Google id)', async () => {
    const { email, accessToken } = await createConfirmedUser(app, container);
    await db.update(users).set({ googleSub: 'secret-sub', options: [{ key: 'age', value: '30' }] }).where(eq(users.email, email));
    const res = await getProfile(accessToken);
    expect(res.json().options).toEqual([{ key: 'age', value: '30' }]);
    expect(res.body).not.toMatch(/argon2|secret-sub|password|googleSub|createdAt/);
  });

  it('when there is no token, then it answers 401 in Spanish', async () => {
    const res = await getProfile();
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Sesión no válida o caducada.');
  });

  it('when the token is forged or malformed, then it answers 401', async () => {
    expect((await getProfile('not.a.jwt')).statusCode).toBe(401);
    const { accessToken } = await createConfirmedUser(app, container);
    const [header, payload] = accessToken.split('.');
    expect((await getProfile(`${header}.${payload}.invalidsignature`)).statusCode).toBe(401);
  });

  it('when the account was deleted after the token was issued, then it answers 401', async () => {
    const { email, accessToken } = await createConfirmedUser(app, container);
    await db.delete(users).where(eq(users.email, email));
    const res = await getProfile(accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
  });
});

describe('GET /api/user/profile: plan and credits come from billing', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);
  const profileOf = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<Profile>();

  it('when the user subscribes to Agency through the sandbox checkout, then the profile shows the plan, its status, its limits and its 1,500 credits', async () => {
    const { headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'pro_agency', 'monthly');
    const profile = await profileOf(headers);
    expect(profile).toMatchObject({
      currentPlan: 'pro_agency',
      subscriptionStatus: 'trialing',
      planLimits: { type: 'pro', places: -1, keywords: -1, weeklyScans: -1, gridSize: 21, credits: 1500 },
      subscriptionCredits: 1500,
      extraCredits: 0,
    });
    expect(profileSchema.strict().safeParse(profile).success).toBe(true);
  });

  it('when a subscriber buys the credit package, then the profile counts them as extra credits', async () => {
    const { headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'pro_starter', 'monthly');
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json();
    const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: plans.creditPackage.priceId, planName: '500 créditos' } });
    const id = checkout.json().url.split('/sandbox/checkout/')[1];
    await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } });
    expect(await profileOf(headers)).toMatchObject({ currentPlan: 'pro_starter', subscriptionCredits: 500, extraCredits: 500 });
  });

  it('when a basic plan is subscribed, then the profile shows its fixed limits and no credits', async () => {
    const { headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'basico', 'annual');
    expect(await profileOf(headers)).toMatchObject({
      currentPlan: 'basico',
      planLimits: { type: 'basic', places: 1, keywords: 3, weeklyScans: 1, gridSize: 7, credits: 0 },
      subscriptionCredits: 0,
    });
  });

  it('when the subscription is cancelled immediately, then the profile is back on the free plan', async () => {
    const { headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'premium', 'monthly');
    await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    expect(await profileOf(headers)).toMatchObject({ currentPlan: 'free', subscriptionStatus: null, planLimits: { type: 'free', places: 1, keywords: 10 } });
  });
});
