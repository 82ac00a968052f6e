import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, refresh, sessionOf, sessions } from '../../../test/sessions';
import { invitationToken, invite, joinWorkspace } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';

// The workspace switcher (docs/api.md «Equipo», docs/decisions.md §30.1): the list, and a
// switch that the session keeps across refreshes.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('workspaces of a person', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);
  const list = async (token: string) => (await app.inject({ method: 'GET', url: '/api/workspaces', headers: bearer(token) })).json<{ items: { id: string; name: string; role: string; active: boolean }[] }>().items;
  const switchTo = (token: string, id: string) => app.inject({ method: 'POST', url: `/api/workspaces/${id}/switch`, headers: bearer(token) });

  it('when a person with their own workspace joins another, then both are listed (theirs first), the switch moves the token, and a refresh stays where they switched', async () => {
    const agency = await signedIn('pro_starter', { name: 'Agencia Sol' });
    const person = await createConfirmedUser(app, container, { name: 'Berta Propia' });
    await invite(app, agency.headers, { email: person.email, role: 'admin' });
    const joined = await app.inject({ method: 'POST', url: '/api/team/invitations/accept', headers: bearer(person.accessToken), payload: { token: await invitationToken(container, person.email) } });
    expect(joined.statusCode, joined.body).toBe(200);
    const own = (await list(person.accessToken))[0]!;
    expect(own).toMatchObject({ name: 'Berta Propia', role: 'owner' });

    // Accepting moved the session into the agency's workspace: a refresh comes back there.
    const afterJoin = await refresh(app, person.session);
    expect((await list(afterJoin.json().accessToken)).map((w) => [w.name, w.role, w.active])).toEqual([
      ['Berta Propia', 'owner', false],
      ['Agencia Sol', 'admin', true],
    ]);

    const back = await switchTo(person.accessToken, own.id);
    expect(back.statusCode, back.body).toBe(200);
    expect((await list(back.json().accessToken)).find((w) => w.active)?.id).toBe(own.id);
    // Each refresh rotates the cookie: the next one sends the new value.
    const refreshed = await refresh(app, { ...person.session, refresh: sessionOf(afterJoin).refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await list(refreshed.json().accessToken)).find((w) => w.active)?.id).toBe(own.id);
    // The agency's team is not theirs to manage from their own workspace's token… but it is from the agency's.
    const again = await switchTo(back.json().accessToken, agency.user.id);
    const team = await app.inject({ method: 'GET', url: '/api/team/members', headers: bearer(again.json().accessToken) });
    expect(team.json().items.map((m: { name: string }) => m.name)).toEqual(['Agencia Sol', 'Berta Propia']);
  });

  it('when the workspace is not theirs, does not exist or is not an id, then 404 in Spanish and the token stays as it was', async () => {
    const person = await createConfirmedUser(app, container);
    const stranger = await signedIn();
    for (const id of [stranger.user.id, crypto.randomUUID(), 'no-existe']) {
      const res = await switchTo(person.accessToken, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Espacio de trabajo no encontrado.', code: 'WORKSPACE_NOT_FOUND' });
    }
    const refreshed = await refresh(app, person.session);
    expect((await list(refreshed.json().accessToken)).map((w) => w.active)).toEqual([true]);
  });

  it('when a person was removed from the workspace their session worked in, then a refresh falls back to their own', async () => {
    const agency = await signedIn('pro_starter');
    const person = await createConfirmedUser(app, container);
    await invite(app, agency.headers, { email: person.email, role: 'admin' });
    await app.inject({ method: 'POST', url: '/api/team/invitations/accept', headers: bearer(person.accessToken), payload: { token: await invitationToken(container, person.email) } });
    const personId = (await list(person.accessToken))[0]!.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/team/members/${personId}`, headers: agency.headers })).statusCode).toBe(204);
    const refreshed = await refresh(app, person.session);
    expect(refreshed.statusCode).toBe(200);
    expect(await list(refreshed.json().accessToken)).toEqual([expect.objectContaining({ id: personId, role: 'owner', active: true })]);
  });

  it('when an Enterprise agency removed «Hecho con RankMaps», then its workspace says so to a Cliente; an Agency that asked for it, whose plan does not allow it, keeps the line', async () => {
    const brand = { name: 'Agencia Norte', accent: '#1d4ed8', contact: null, footer: null, hidePoweredBy: true };
    const enterprise = await signedIn('pro_enterprise');
    expect((await app.inject({ method: 'PUT', url: '/api/report-brand', headers: enterprise.headers, payload: brand })).statusCode).toBe(200);
    const agency = await signedIn('pro_agency');
    await container.database.db.execute(sql`insert into report_brands (user_id, name, accent, hide_powered_by) values (${agency.user.id}, 'Agencia Sur', '#1d4ed8', true)`);
    const viewer = await signedIn();
    const ofEnterprise = await joinWorkspace(container, enterprise.user.id, viewer.user.id, 'client');
    await joinWorkspace(container, agency.user.id, viewer.user.id, 'client');
    const items = (await app.inject({ method: 'GET', url: '/api/workspaces', headers: ofEnterprise })).json<{ items: { id: string; poweredBy: boolean }[] }>().items;
    expect(items.find((w) => w.id === enterprise.user.id)?.poweredBy).toBe(false);
    expect(items.find((w) => w.id === agency.user.id)?.poweredBy).toBe(true);
    expect(items.find((w) => w.id === viewer.user.id)?.poweredBy).toBe(true);
  });
});
