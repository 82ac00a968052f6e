import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import type { Outbox } from './fixtures/outbox';
import { addPlacesThroughApi } from './fixtures/places';
import { pageToken } from './fixtures/session-client';
import { expect, test } from './fixtures/test';
import { PASSWORD, signIn, uniqueEmail } from './support';

// Issue 29 (Teams), docs/decisions.md §30.7, in Chromium: the owner of an Agency workspace
// invites an Administrador, a Miembro of client A and a Cliente of client A from «Equipo»;
// each accepts from the e-mail and lands in the workspace. The Miembro scans client A's
// business and gets a 404 for client B's, on the API and on screen; the Cliente, on a 375 px
// phone, opens the agency-branded portal, reads the results, downloads the PDF, has no way to
// spend and gets a 403 from the scan API; the owner removes the Miembro, whose next call is
// refused; «Actividad» names who did each thing and exports it. axe runs on the new screens,
// at 1440 px and at 375 px.

/** A call to the API as the person signed in in `page`, with the token the SPA keeps. */
async function call(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const token = await pageToken(page);
  return page.request.fetch(path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
}

/** «Invitar» on /equipo: the address, the role and, for Miembro and Cliente, the clients. */
async function invite(page: Page, email: string, role: 'Administrador' | 'Miembro' | 'Cliente', clients: string[] = []) {
  await page.getByRole('button', { name: 'Invitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invitar a una persona' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  for (const client of clients) await dialog.getByRole('checkbox', { name: client }).check();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(page.getByText(`Invitación enviada a ${email}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The invitation's link from the outbox, opened in a new browser on its page. */
async function openInvitation(browser: Browser, outbox: Outbox, email: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const mail = await outbox.find((m) => m.to === email && /\/invitacion\?token=/.test(m.text), `the invitation to ${email}`);
  const link = new URL(/https?:\/\/\S+\/invitacion\?token=\S+/.exec(mail.text)![0]);
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('invitation')).toContainText('Agencia Norte');
  return page;
}

/** A new account accepts the invitation with a name and a password, and lands in the workspace. */
async function acceptAsNewcomer(
  browser: Browser,
  outbox: Outbox,
  email: string,
  name: string,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await openInvitation(browser, outbox, email, viewport);
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear mi acceso y aceptar' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  return page;
}

test('when an Agency owner invites an admin, a Miembro and a Cliente of client A, each works within their role, the removed Miembro is refused, and «Actividad» names who did what', async ({
  page,
  api,
  subscribe,
  confirmedAccount,
  outbox,
  browser,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await subscribe('Agency', { name: 'Olga Propietaria' });

  // Set-up through the API: the brand, two clients, a business under each and a keyword on each.
  const brand = await call(page, 'PUT', '/api/report-brand', {
    name: 'Agencia Norte',
    accent: '#0f766e',
    contact: null,
    footer: null,
    hidePoweredBy: false,
  });
  expect(brand.status()).toBe(200);
  const [placeA, placeB] = await addPlacesThroughApi(api, ['demo-madrid-peluqueria-1', 'demo-madrid-abogado-1']);
  const clientIds: string[] = [];
  for (const [name, place] of [
    ['Cliente A', placeA!],
    ['Cliente B', placeB!],
  ] as const) {
    const created = await api.POST('/api/clients', { body: { name } });
    expect(created.response.status).toBe(201);
    clientIds.push(created.data!.id);
    const grouped = await api.PUT('/api/place/{id}/client', { params: { path: { id: place._id } }, body: { clientId: created.data!.id } });
    expect(grouped.response.status).toBe(200);
  }
  const keywordIds: string[] = [];
  for (const place of [placeA!, placeB!]) {
    const kw = await api.POST('/api/keyword', { body: { name: 'peluquería', placeId: place._id } });
    expect(kw.response.ok).toBe(true);
    keywordIds.push(kw.data!._id);
  }
  const [keywordA, keywordB] = keywordIds as [string, string];

  // «Equipo»: the owner invites three people; the seats and the pending invitations show.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Menú de la aplicación' }).getByRole('link', { name: 'Equipo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Equipo' })).toBeVisible();
  // The admin already has an account, and so a workspace of their own.
  const admin = await confirmedAccount({ label: 'teams-admin', name: 'Ana Administradora' });
  const member = { email: uniqueEmail('teams-member'), name: 'Marta Miembro' };
  const client = { email: uniqueEmail('teams-client'), name: 'Carlos Cliente' };
  // A Miembro needs clients: the dialog says so before asking the server.
  await page.getByRole('button', { name: 'Invitar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invitar a una persona' });
  await dialog.getByLabel('Email').fill(member.email);
  await dialog.getByRole('radio', { name: /^Miembro/ }).check();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText('Elige al menos un cliente para este rol.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await invite(page, admin.email, 'Administrador');
  await invite(page, member.email, 'Miembro', ['Cliente A']);
  await invite(page, client.email, 'Cliente', ['Cliente A']);
  // The same address again: the server's 409 shows under the field.
  await page.getByRole('button', { name: 'Invitar' }).click();
  await dialog.getByLabel('Email').fill(client.email);
  await dialog.getByRole('radio', { name: /^Cliente/ }).check();
  await dialog.getByRole('checkbox', { name: 'Cliente A' }).check();
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText(/Ya hay una invitación pendiente para esa dirección/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('invitations-list').getByRole('listitem')).toHaveCount(3);
  await expectNoAxeFindingsOnceSettled(page, '«Equipo» at 1440 px');

  // The admin signs in from the invitation, comes back to it, accepts and manages the team too;
  // in two workspaces now, they switch to their own and back without signing out.
  const adminPage = await openInvitation(browser, outbox, admin.email);
  await adminPage.getByRole('link', { name: 'Iniciar sesión para aceptar' }).click();
  await signIn(adminPage, admin.email, admin.password);
  await adminPage.getByRole('button', { name: 'Aceptar invitación' }).click();
  await expect(adminPage).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  const adminNav = adminPage.getByRole('navigation', { name: 'Menú de la aplicación' });
  await expect(adminNav.getByRole('link', { name: 'Equipo' })).toBeVisible();
  await expect(adminNav.getByRole('link', { name: 'Actividad' })).toBeVisible();
  const switcher = adminPage.locator('#workspace-switcher');
  await expect(switcher).toContainText('Olga Propietaria');
  await expect(switcher).toContainText('Administrador');
  await switcher.getByRole('button', { name: /Cambiar de espacio de trabajo/ }).click();
  await switcher.getByRole('button', { name: /Ana Administradora/ }).click();
  // Their own workspace has no plan yet: the plans page, still signed in.
  await expect(adminPage).toHaveURL(/\/subscription$/, { timeout: 20_000 });
  await expect(switcher).toContainText('Propietario');
  await switcher.getByRole('button', { name: /Cambiar de espacio de trabajo/ }).click();
  await switcher.getByRole('button', { name: /Olga Propietaria/ }).click();
  await expect(adminPage).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
  await expect(switcher).toContainText('Administrador');

  // The Miembro scans client A's business; client B's is not there for them, on the API and on screen.
  const memberPage = await acceptAsNewcomer(browser, outbox, member.email, member.name);
  const memberNav = memberPage.getByRole('navigation', { name: 'Menú de la aplicación' });
  await expect(memberNav.getByRole('link', { name: 'RankMap' })).toBeVisible();
  await expect(memberNav.getByRole('link', { name: 'Equipo' })).toHaveCount(0);
  await memberPage.goto(`/rankmap/${placeA!._id}/keyword/${keywordA}`);
  const modal = memberPage.getByRole('dialog', { name: 'Nuevo Análisis' });
  await memberPage.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(modal).toBeHidden();
  await expect(memberPage.getByTestId('competitors-table')).toBeVisible({ timeout: 90_000 });
  expect((await call(memberPage, 'POST', `/api/rankmap/keyword/${keywordB}/analyze-advanced`, { useWorker: true })).status()).toBe(404);
  expect((await call(memberPage, 'GET', `/api/place/${placeB!._id}`)).status()).toBe(404);
  await memberPage.goto(`/rankmap/${placeB!._id}`);
  await expect(memberPage.getByTestId('not-found-state')).toContainText('No encontramos este negocio');

  // The Cliente, on a phone: the agency's portal, the results, the PDF, and no way to spend.
  const clientPage = await acceptAsNewcomer(browser, outbox, client.email, client.name, { width: 375, height: 812 });
  const portal = clientPage.getByTestId('client-portal');
  await expect(portal).toBeVisible();
  await expect(clientPage.getByTestId('portal-brand')).toHaveText('Agencia Norte');
  await expect(clientPage.getByTestId('powered-by')).toHaveText('Hecho con RankMaps');
  await expect(clientPage.getByTestId('tile-plan')).toHaveCount(0);
  await expect(clientPage.getByRole('link', { name: /Comprar créditos/ })).toHaveCount(0);
  await expect(clientPage.getByRole('link', { name: placeA!.name }).first()).toBeVisible();
  await expect(clientPage.getByRole('link', { name: placeB!.name })).toHaveCount(0);
  await expectNoAxeFindingsOnceSettled(clientPage, 'the client portal at 375 px');
  await clientPage.getByRole('link', { name: placeA!.name }).first().click();
  await expect(clientPage.getByRole('heading', { level: 1, name: placeA!.name })).toBeVisible();
  await expect(clientPage.getByLabel('Nueva keyword')).toHaveCount(0);
  await expect(clientPage.getByTestId('share-button')).toHaveCount(0);
  await clientPage.getByRole('link', { name: /^peluquería/ }).click();
  await expect(clientPage.getByTestId('competitors-table')).toBeVisible({ timeout: 20_000 });
  await expect(clientPage.getByRole('button', { name: 'Nuevo Análisis' })).toHaveCount(0);
  await expect(clientPage.getByTestId('share-button')).toHaveCount(0);
  const download = clientPage.waitForEvent('download');
  await clientPage.getByTestId('pdf-button').click();
  const pdfDialog = clientPage.getByRole('dialog', { name: 'Descargar el informe en PDF' });
  await pdfDialog.getByRole('radio', { name: 'Este análisis' }).check();
  await pdfDialog.getByRole('button', { name: 'Descargar' }).click();
  const pdf = await readFile(await (await download).path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeFindingsOnceSettled(clientPage, 'a keyword in the client portal at 375 px');
  const clientScan = await call(clientPage, 'POST', `/api/rankmap/keyword/${keywordA}/analyze-advanced`, { useWorker: true });
  expect(clientScan.status()).toBe(403);

  // The owner removes the Miembro, after a confirmation that says what happens; their next call is refused.
  await page.goto('/equipo');
  await page.getByRole('button', { name: `Quitar a ${member.name} del equipo` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`${member.name} perderá el acceso en su próxima acción y se revocarán las claves de API que creó.`);
  await confirm.getByRole('button', { name: 'Quitar del equipo' }).click();
  await expect(page.getByText(`${member.name} ya no forma parte del equipo.`)).toBeVisible();
  await expect(page.getByTestId('members-table')).not.toContainText(member.email);
  // Within the membership cache's bound (docs/decisions.md §30.1): a token for a workspace they left is refused.
  await expect
    .poll(async () => [401, 403].includes((await call(memberPage, 'GET', `/api/place/${placeA!._id}`)).status()), {
      timeout: 40_000,
      message: 'the removed Miembro is refused',
    })
    .toBe(true);

  // «Actividad»: the Miembro's scan under their name, the owner's invitations and the removal under hers; filtered and exported.
  await page.getByRole('navigation', { name: 'Menú de la aplicación' }).getByRole('link', { name: 'Actividad' }).click();
  const table = page.getByTestId('activity-table');
  await expect(table).toContainText(member.name);
  await expect(table).toContainText('Olga Propietaria');
  // A column of the rows on screen (the previous page stays while a filter's answer comes: polled).
  const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
  await page.getByLabel('Tipo').selectOption({ label: 'Análisis' });
  await expect.poll(async () => (await column(3)).every((summary) => summary.startsWith('Análisis'))).toBe(true);
  expect(await column(2)).toContain(member.name);
  // The owner's team entries: the invitations and the removal, none by anyone else.
  await page.getByLabel('Persona').selectOption({ label: 'Olga Propietaria' });
  await page.getByLabel('Tipo').selectOption({ label: 'Equipo' });
  await expect.poll(async () => [...new Set(await column(2))]).toEqual(['Olga Propietaria']);
  expect((await column(3)).every((summary) => summary.startsWith('Equipo'))).toBe(true);
  expect((await column(3)).some((summary) => summary.includes(member.name))).toBe(true);
  await page.getByLabel('Persona').selectOption({ label: 'Todas las personas' });
  await page.getByLabel('Tipo').selectOption({ label: 'Todos los tipos' });
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  expect(csv).toContain(member.name);
  expect(csv).toContain('Olga Propietaria');
  await expectNoAxeFindingsOnceSettled(page, '«Actividad» at 1440 px');

  // The owner's screens on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoAxeFindingsOnceSettled(page, '«Actividad» at 375 px');
  await expect(page.getByTestId('activity-list')).toBeVisible();
  await page.goto('/equipo');
  await expect(page.getByRole('heading', { level: 2, name: 'Miembros' })).toBeVisible();
  await expectNoAxeFindingsOnceSettled(page, '«Equipo» at 375 px');

  for (const other of [adminPage, memberPage, clientPage]) await other.context().close();
});
