import { beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { sessions } from '../../../test/sessions';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { sandboxObjects, subscriptions } from '../../db/billing-schema';
import { and, eq, sql } from 'drizzle-orm';
import { buildUser } from '../../../test/factories';
import { workspaceMembers } from '../../db/workspaces-schema';

describe('changing plan through the sandbox provider (docs/decisions.md §22.1)', async () => {
  // The geo test data, so that creating a business does not build the sea index of the whole world.
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn } = sessions(app, container);
  const { createPlace, addKeyword } = rankmapFixtures(app, container);
  const priceOf = async (planId: string, period: 'monthly' | 'annual'): Promise<string> => {
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { id: string; subscription_id: string; anual_subscription_id: string }[] }>();
    const plan = plans.plans.find((p) => p.id === planId)!;
    return period === 'annual' ? plan.anual_subscription_id : plan.subscription_id;
  };
  /** A paid subscription with no trial: the sandbox's trial applies to the first checkout only, so one is spent first. */
  const subscribed = async (planId: string, period: 'monthly' | 'annual') => {
    const { headers } = await signedIn();
    const checkout = async (priceId: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId } });
      expect(res.statusCode).toBe(200);
      const id = res.json().url.split('/sandbox/checkout/')[1];
      expect((await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } })).statusCode).toBe(200);
    };
    await checkout(await priceOf('basico', 'monthly'));
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    await checkout(await priceOf(planId, period));
    return headers;
  };
  const info = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  const history = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: { description: string; amount: number }[] }>().payments;

  it('when a Profesional subscriber previews Premium, then the charge is the prorated difference and nothing changes', async () => {
    const headers = await subscribed('profesional', 'monthly');
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await priceOf('premium', 'monthly') } });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview).toMatchObject({ kind: 'upgrade', from: { planId: 'profesional', billingPeriod: 'mensual' }, to: { planId: 'premium', planName: 'Premium', billingPeriod: 'mensual' }, nextRenewalAmount: 99, currency: 'eur' });
    // Just after paying, nearly the whole month remains: close to 99 − 59 = 40 €, never more.
    expect(preview.amountDue).toBeGreaterThan(39);
    expect(preview.amountDue).toBeLessThanOrEqual(40);
    const current = await info(headers);
    expect(current.plan.id).toBe('profesional');
    expect(preview.nextRenewalAt).toBe(current.subscription!.currentPeriodEnd);
  });

  it('when a Profesional subscriber moves up to Premium, then it applies at once with 13×13 grids and one prorated charge', async () => {
    const headers = await subscribed('profesional', 'monthly');
    const before = await info(headers);
    const paymentsBefore = (await history(headers)).length;
    const priceId = await priceOf('premium', 'monthly');
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Plan cambiado. Los nuevos límites ya se aplican.');
    const after = await info(headers);
    expect(after.plan).toMatchObject({ id: 'premium', limits: { gridSize: 13, places: 10 } });
    expect(after.subscription).toMatchObject({ amount: 99, billingPeriod: 'mensual', currentPeriodEnd: before.subscription!.currentPeriodEnd });
    const payments = await history(headers);
    expect(payments).toHaveLength(paymentsBefore + 1);
    expect(payments[0]).toMatchObject({ description: 'Plan Premium (mensual)' });
    expect(payments[0]!.amount).toBeGreaterThan(39);
    expect(payments[0]!.amount).toBeLessThanOrEqual(40);
  });

  it('when a monthly subscriber moves to annual, then a new year starts now, charged in full minus the unused month', async () => {
    const headers = await subscribed('profesional', 'monthly');
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await priceOf('profesional', 'annual') } });
    const preview = res.json();
    expect(preview.to).toMatchObject({ planId: 'profesional', billingPeriod: 'anual' });
    expect(preview.amountDue).toBeGreaterThan(588 - 59 - 0.01);
    expect(preview.amountDue).toBeLessThan(588 - 58);
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await priceOf('profesional', 'annual') } })).statusCode).toBe(200);
    const after = await info(headers);
    expect(after.subscription).toMatchObject({ billingPeriod: 'anual', amount: 588 });
    const days = (Date.parse(after.subscription!.currentPeriodEnd!) - Date.parse(after.subscription!.currentPeriodStart!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
  });

  it('when the change is sent twice at once, then the plan changes once and is charged once', async () => {
    const headers = await subscribed('profesional', 'monthly');
    const paymentsBefore = (await history(headers)).length;
    const priceId = await priceOf('pro_agency', 'monthly');
    const [a, b] = await Promise.all([0, 1].map(() => app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } })));
    // The second answers with the first's result, or, if it read the changed state, "Ya tienes este plan."
    for (const res of [a!, b!]) expect([200, 409]).toContain(res.statusCode);
    expect((await info(headers)).plan.id).toBe('pro_agency');
    expect(await history(headers)).toHaveLength(paymentsBefore + 1);
    const again = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Ya tienes este plan.');
  });

  it('when a Premium subscriber previews Profesional, then it applies at the period end, charges nothing now and names the new price', async () => {
    const headers = await subscribed('premium', 'monthly');
    const before = await info(headers);
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await priceOf('profesional', 'monthly') } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'downgrade',
      from: { planId: 'premium' },
      to: { planId: 'profesional', planName: 'Profesional', billingPeriod: 'mensual' },
      amountDue: 0,
      effectiveAt: before.subscription!.currentPeriodEnd,
      nextRenewalAt: before.subscription!.currentPeriodEnd,
      nextRenewalAmount: 59,
      mustRemove: [],
      blockedReason: null,
    });
    expect(await info(headers)).toEqual(before);
  });

  it('when a subscriber moves down, then it is scheduled for the period end, shown, and applied at the renewal with the new limits', async () => {
    const headers = await subscribed('premium', 'annual');
    const before = await info(headers);
    const paymentsBefore = (await history(headers)).length;
    const priceId = await priceOf('premium', 'monthly');
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Cambio programado\. Pasarás a Premium \(mensual\) el \d{1,2} de [a-z]+ de \d{4}; hasta entonces sigues con tu plan actual\.$/);
    const scheduled = await info(headers);
    // Nothing changes now: the same plan, price and period, and no charge.
    expect(scheduled.plan.id).toBe('premium');
    expect(scheduled.subscription).toMatchObject({ billingPeriod: 'anual', amount: 948, currentPeriodEnd: before.subscription!.currentPeriodEnd });
    expect(scheduled.subscription!.scheduledChange).toEqual({ planId: 'premium', planName: 'Premium', billingPeriod: 'mensual', priceId, amount: 99, effectiveAt: before.subscription!.currentPeriodEnd });
    expect(await history(headers)).toHaveLength(paymentsBefore);

    // The renewal at the period end is the move: a monthly period at 99 €, and nothing left scheduled.
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers })).statusCode).toBe(200);
    const after = await info(headers);
    expect(after.subscription).toMatchObject({ billingPeriod: 'mensual', amount: 99, currentPeriodStart: before.subscription!.currentPeriodEnd, scheduledChange: null });
    expect((await history(headers))[0]).toMatchObject({ description: 'Plan Premium (mensual)', amount: 99 });
    // The next renewal stays monthly: the schedule was released.
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers })).statusCode).toBe(200);
    expect((await info(headers)).subscription).toMatchObject({ billingPeriod: 'mensual', amount: 99 });
  });

  it('when a move down is sent twice at once, then one change is scheduled', async () => {
    const headers = await subscribed('premium', 'monthly');
    const priceId = await priceOf('basico', 'monthly');
    const [a, b] = await Promise.all([0, 1].map(() => app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } })));
    for (const res of [a!, b!]) expect([200, 409]).toContain(res.statusCode);
    const sub = (await info(headers)).subscription!;
    expect(sub.scheduledChange).toMatchObject({ planId: 'basico' });
    const schedules = await container.database.db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.type, 'subscription_schedule'), sql`${sandboxObjects.data} ->> 'subscription' = ${sub.id}`));
    expect(schedules).toHaveLength(1);
    const again = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_SCHEDULED');
  });

  it('when the businesses or keywords exceed the lower plan, then the preview lists what to remove and the change is refused with nothing changed', async () => {
    const headers = await subscribed('profesional', 'monthly');
    const first = await createPlace(headers, 'demo-malaga-dentista-1');
    await createPlace(headers, 'demo-malaga-dentista-2');
    for (const name of ['dentista', 'clínica dental', 'ortodoncia', 'implantes']) await addKeyword(headers, first, name);
    const priceId = await priceOf('basico', 'monthly');
    const preview = (await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId } })).json();
    const placeName = (await app.inject({ method: 'GET', url: `/api/place/${first}`, headers })).json<{ name: string }>().name;
    expect(preview.kind).toBe('downgrade');
    expect(preview.mustRemove).toEqual([
      { kind: 'places', placeId: null, placeName: null, count: 2, limit: 1, excess: 1 },
      { kind: 'keywords', placeId: first, placeName, count: 4, limit: 3, excess: 1 },
    ]);
    const expected = `Para pasar a Básico tienes que eliminar antes 1 negocio (tienes 2 y el plan permite 1) y 1 keyword de «${placeName}» (tiene 4 y el plan permite 3).`;
    expect(preview.blockedReason).toBe(expected);
    const before = await info(headers);
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: expected, code: 'OVER_NEW_PLAN_LIMITS' });
    expect(await info(headers)).toEqual(before);
  });

  // Member seats (docs/decisions.md §30.3): a plan with fewer seats than the team takes is refused, naming whom to remove.
  it('when the team takes more seats than the lower plan has, then the preview says whom to remove and the change is refused with nothing changed', async () => {
    const headers = await subscribed('pro_agency', 'monthly');
    const workspaceId = (JSON.parse(Buffer.from(headers.authorization.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
    const join = async (name: string, role: 'admin' | 'client') => {
      const person = await buildUser(container, { name });
      await container.database.db.insert(workspaceMembers).values({ workspaceId, userId: person.id, role });
    };
    await join('Ana', 'admin');
    await join('Berto', 'admin');
    // A Cliente viewer: free on Agency, a seat on a business plan.
    await join('Carla', 'client');
    const priceId = await priceOf('basico', 'monthly');
    const expected = 'Para pasar a Básico tienes que quitar antes 2 miembros del equipo (tienes 3 y el plan permite 1): elige entre Ana, Berto y Carla.';
    const preview = (await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId } })).json();
    expect(preview).toMatchObject({ kind: 'downgrade', mustRemove: [], blockedReason: expected });
    const before = await info(headers);
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: expected, code: 'OVER_NEW_PLAN_SEATS' });
    expect(await info(headers)).toEqual(before);
    // Starter's 3 seats hold the two administradores; Carla, a viewer, is free there.
    const starter = (await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await priceOf('pro_starter', 'monthly') } })).json();
    expect(starter.blockedReason).toBeNull();
  });

  it('when a scheduled move down is cancelled, then the subscription goes on as before and nothing is left behind', async () => {
    const headers = await subscribed('premium', 'monthly');
    const before = await info(headers);
    const priceId = await priceOf('profesional', 'monthly');
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } })).statusCode).toBe(200);
    // While it waits, other changes are refused with what to do.
    const other = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await priceOf('premium', 'annual') } });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CHANGE_SCHEDULED' });
    expect(other.json().error).toMatch(/^Ya tienes programado el cambio a Profesional \(mensual\) para el .+\. Cancélalo antes de elegir otro plan\.$/);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers })).json().code).toBe('CHANGE_SCHEDULED');

    const cancel = await app.inject({ method: 'POST', url: '/api/payment/change-plan/cancel', headers });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toBe('Cambio de plan cancelado. Sigues con tu plan actual.');
    const after = await info(headers);
    expect(after.subscription!.scheduledChange).toBeNull();
    expect(after.plan).toEqual(before.plan);
    const row = (await container.database.db.select().from(subscriptions).where(eq(subscriptions.id, after.subscription!.id)))[0]!;
    expect(row).toMatchObject({ scheduledPriceId: null, scheduledAt: null, scheduleId: null });
    const again = await app.inject({ method: 'POST', url: '/api/payment/change-plan/cancel', headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('No tienes ningún cambio de plan programado.');
    // The renewal keeps the plan: the released schedule does nothing.
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers })).statusCode).toBe(200);
    expect((await info(headers)).subscription).toMatchObject({ amount: 99, billingPeriod: 'mensual' });
    // And a new move down can be scheduled afresh.
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId } })).statusCode).toBe(200);
  });

  it('refuses bad input and users without a subscription with a clear message', async () => {
    const { headers } = await signedIn();
    const none = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await priceOf('premium', 'monthly') } });
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('No tienes ninguna suscripción activa.');
    const subscriber = await subscribed('basico', 'monthly');
    const credits = (await app.inject({ method: 'GET', url: '/api/plans' })).json().creditPackage.priceId;
    for (const payload of [{ priceId: 'price_nope' }, { priceId: credits }]) {
      const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers: subscriber, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('El plan seleccionado no existe.');
    }
    const empty = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers: subscriber, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect((await info(subscriber)).plan.id).toBe('basico');
  });

  it('refuses a change while the subscription is set to cancel', async () => {
    const headers = await subscribed('basico', 'monthly');
    await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers });
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await priceOf('premium', 'monthly') } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CANCELLING');
    expect((await info(headers)).plan.id).toBe('basico');
  });
});
