import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countEmails, latestEmail } from '../../../test/emails';
import { sessions } from '../../../test/sessions';
import { joinAsNewPerson } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { subscriptions } from '../../db/billing-schema';
import { workspaceMembers, workspaces } from '../../db/workspaces-schema';
import { queueTrialEndingMails } from '../account-mail/account-mail.service';
import { billingUser } from '../billing/billing-user';
import { notifyUser } from '../notifications/notifications.service';
import { ALREADY_OWNER, NO_PENDING_TRANSFER, TRANSFER_ACCEPTED, TRANSFER_REQUESTED } from './ownership.service';

// Handing a workspace to another owner (docs/api.md «Equipo», docs/decisions.md §30.3).

type Headers = Record<string, string>;
const TRANSFER = '/api/team/ownership-transfer';

describe('ownership transfer', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const request = (headers: Headers, payload: unknown) => app.inject({ method: 'POST', url: TRANSFER, headers, payload: payload as object });
  const accept = (headers: Headers) => app.inject({ method: 'POST', url: `${TRANSFER}/accept`, headers });
  const cancel = (headers: Headers) => app.inject({ method: 'DELETE', url: TRANSFER, headers });
  const roles = async (workspaceId: string) =>
    Object.fromEntries((await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId))).map((m) => [m.userId, m.role]));
  const pendingOf = async (workspaceId: string) => (await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0]?.pendingOwnerId ?? null;

  it('when the owner names an administrator who accepts, then the roles swap in one go, both see it on their next call, and the plan’s e-mails go to the new owner', async () => {
    const owner = await signedIn('pro_starter', { name: 'Laura Dueña' });
    const heir = await joinAsNewPerson(app, container, owner.headers, { role: 'admin', name: 'Ana Heredera' });
    const res = await request(owner.headers, { userId: heir.user.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: TRANSFER_REQUESTED });
    expect(await pendingOf(owner.user.id)).toBe(heir.user.id);
    const mail = await latestEmail(container, heir.email, 'team-ownership-offer');
    expect(mail?.subject).toBe('Laura Dueña quiere pasarte la propiedad de «Laura Dueña»');
    // Nothing changes until the acceptance.
    expect(await roles(owner.user.id)).toEqual({ [owner.user.id]: 'owner', [heir.user.id]: 'admin' });
    // An administrador cannot hand over or cancel what is not theirs.
    expect((await cancel(heir.headers)).statusCode).toBe(403);

    const accepted = await accept(heir.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: TRANSFER_ACCEPTED });
    expect(await roles(owner.user.id)).toEqual({ [owner.user.id]: 'admin', [heir.user.id]: 'owner' });
    expect(await pendingOf(owner.user.id)).toBeNull();
    // The new owner may now do what only the owner may; the old one no longer.
    expect((await cancel(heir.headers)).statusCode).toBe(204);
    const refused = await request(owner.headers, { userId: heir.user.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_FORBIDDEN');
    // Billing reaches the current owner, keyed still by the workspace.
    expect(await billingUser(container, owner.user.id)).toMatchObject({ id: owner.user.id, email: heir.email, name: 'Ana Heredera' });
  });

  it('when a trial ends after a transfer, then its reminder goes to the new owner, not the one who subscribed', async () => {
    const owner = await signedIn('pro_starter');
    const heir = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await request(owner.headers, { userId: heir.user.id })).statusCode).toBe(202);
    expect((await accept(heir.headers)).statusCode).toBe(200);
    // The sandbox's first checkout is a trial; 2.9 days before its end the reminder is due.
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, owner.user.id));
    expect(sub?.status).toBe('trialing');
    await queueTrialEndingMails(container, new Date(sub!.trialEnd!.getTime() - 2.9 * 86_400_000));
    expect((await latestEmail(container, heir.email, 'trial-ending'))?.subject).toBe('Tu prueba de RankMaps termina en 3 días');
    expect(await latestEmail(container, owner.user.email, 'trial-ending')).toBeUndefined();
  });

  it('when credits run short after a transfer, then the warning e-mail goes to the new owner', async () => {
    const owner = await signedIn('pro_starter');
    const heir = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await request(owner.headers, { userId: heir.user.id })).statusCode).toBe(202);
    expect((await accept(heir.headers)).statusCode).toBe(200);
    const draft = { kind: 'credits-running-out' as const, dedupeKey: `credits-running-out:${owner.user.id}:traspaso`, placeId: null, title: 'Créditos insuficientes', body: 'Faltan 40 créditos.', link: '/subscription', data: { shortfall: 40 } };
    expect(await notifyUser(container, owner.user.id, [draft])).toBe(2);
    // The new owner gets it as the owner; the old one, now an Administrador, as the admins do.
    expect((await latestEmail(container, heir.email, 'alert-credits-running-out'))?.subject).toBeDefined();
  });

  it('when the body is wrong, the owner names themselves, or someone outside the team, then 400, 409 or 404 and nothing is pending', async () => {
    const owner = await signedIn('pro_starter');
    const stranger = await signedIn();
    for (const payload of [{}, { userId: 'no-uuid' }, { userId: stranger.user.id, extra: 1 }, [stranger.user.id]]) {
      const res = await request(owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(/miembro/i);
    }
    const self = await request(owner.headers, { userId: owner.user.id });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: ALREADY_OWNER, code: 'ALREADY_OWNER' });
    const outsider = await request(owner.headers, { userId: stranger.user.id });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json().error).toBe('Miembro no encontrado.');
    expect(await pendingOf(owner.user.id)).toBeNull();
    expect(await countEmails(container, stranger.user.email)).toBe(0);
  });

  it('when someone not named accepts, or the owner cancelled first, then 404 and the roles stay', async () => {
    const owner = await signedIn('pro_starter');
    const heir = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    const other = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await request(owner.headers, { userId: heir.user.id })).statusCode).toBe(202);
    const wrong = await accept(other.headers);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ error: NO_PENDING_TRANSFER, code: 'NO_PENDING_TRANSFER' });
    expect((await cancel(owner.headers)).statusCode).toBe(204);
    expect((await cancel(owner.headers)).statusCode).toBe(204);
    expect(await pendingOf(owner.user.id)).toBeNull();
    expect((await accept(heir.headers)).statusCode).toBe(404);
    expect(await roles(owner.user.id)).toEqual({ [owner.user.id]: 'owner', [heir.user.id]: 'admin', [other.user.id]: 'admin' });
  });

  it('when the member named is removed before accepting, then the offer ends with them', async () => {
    const owner = await signedIn('pro_starter');
    const heir = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await request(owner.headers, { userId: heir.user.id })).statusCode).toBe(202);
    expect((await app.inject({ method: 'DELETE', url: `/api/team/members/${heir.user.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect(await pendingOf(owner.user.id)).toBeNull();
    const [row] = await db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, owner.user.id), eq(workspaceMembers.role, 'owner')));
    expect(row?.userId).toBe(owner.user.id);
  });
});
