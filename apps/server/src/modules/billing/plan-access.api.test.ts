import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { subscribeThroughSandbox } from '../../../test/sandbox';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { AppError } from '../../errors';
import { registerErrorHandler } from '../../plugins/error-handler';
import { requirePaidPlan } from '.';

describe('requirePaidPlan', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);

  it('when the user has no plan, then it throws 403 upgrade_required with the Spanish message', async () => {
    const { user } = await signedIn();
    const err: unknown = await requirePaidPlan(container, user.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 403, errorType: 'upgrade_required', message: 'Necesitas un plan activo para usar esta función.' });
  });

  it('when the user is on a trial, then it returns the plan state', async () => {
    const { user, headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'basico', 'monthly');
    await expect(requirePaidPlan(container, user.id)).resolves.toMatchObject({ currentPlan: 'basico', subscriptionStatus: 'trialing', planLimits: { type: 'basic' } });
  });

  it('when the renewal failed (past due), then access continues during the grace period', async () => {
    const { user, headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'pro_starter', 'monthly', 'pay_then_fail_renewal');
    await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers });
    await expect(requirePaidPlan(container, user.id)).resolves.toMatchObject({ subscriptionStatus: 'past_due' });
  });

  it('when the subscription was cancelled immediately, then it throws upgrade_required again', async () => {
    const { user, headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'premium', 'monthly');
    await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    await expect(requirePaidPlan(container, user.id)).rejects.toMatchObject({ errorType: 'upgrade_required' });
  });

  it('when developer tools set the plan type to free on a subscriber, then it refuses, so the upgrade flow can be tried', async () => {
    const { user, headers } = await signedIn();
    await subscribeThroughSandbox(app, headers, 'pro_agency', 'monthly');
    await app.inject({ method: 'PUT', url: '/api/user/dev-params', headers, payload: { planLimits: { type: 'free', places: 1, keywords: 3, credits: 0 }, subscriptionCredits: 0, extraCredits: 0 } });
    await expect(requirePaidPlan(container, user.id)).rejects.toMatchObject({ errorType: 'upgrade_required' });
  });

  it('when a route uses it, then the client gets 403 {error, errorType: upgrade_required}', async () => {
    const { user } = await signedIn();
    const probe = Fastify();
    registerErrorHandler(probe);
    probe.get('/feature', async () => {
      await requirePaidPlan(container, user.id);
      return { ok: true };
    });
    const res = await probe.inject({ method: 'GET', url: '/feature' });
    await probe.close();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Necesitas un plan activo para usar esta función.', errorType: 'upgrade_required' });
  });
});
