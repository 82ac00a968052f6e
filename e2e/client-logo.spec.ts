import sharp from 'sharp';
import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// A client's logo in its reports (issue 18, part 2; docs/workspace.md «Clients»): an agency on
// Starter creates a client on «Clientes», groups its business under it and gives it a logo (with
// a preview); a visitor with no account opens the business's share link and reads «Informe para
// …» with the client's logo. The logo is then removed after a confirmation, and the page fits a
// phone and is usable from the keyboard.

test('when an agency gives a client a logo, then the shared report of its business says «Informe para …» with that logo, and removing it asks first', async ({ page, subscribe, visitorPage: reader }) => {
  test.setTimeout(180_000);
  await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Añadir Negocio');
  const placeName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();

  // «Clientes»: a client, the business under it, then its logo.
  await page.goto('/clientes');
  await page.getByLabel('Nombre del cliente').fill('Grupo Dental Sur');
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(page.getByText('Cliente «Grupo Dental Sur» creado.')).toBeVisible();
  await page.getByLabel(placeName, { exact: true }).selectOption({ label: 'Grupo Dental Sur' });
  await expect(page.getByText('Negocio asignado a «Grupo Dental Sur».')).toBeVisible();

  const row = page.getByTestId('client-row').filter({ hasText: 'Grupo Dental Sur' });
  await expect(row.getByText('Sin logo')).toBeVisible();
  // Not an image: the server's Spanish message, and no logo.
  await row.getByTestId('client-logo-input').setInputFiles({ name: 'notas.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await expect(row.getByRole('alert')).toHaveText('El archivo notas.png no es una imagen válida.');
  const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 185, g: 28, b: 28, alpha: 1 } } }).png().toBuffer();
  await row.getByTestId('client-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Logo de «Grupo Dental Sur» guardado.')).toBeVisible();
  const preview = row.getByRole('img', { name: 'Logo de Grupo Dental Sur' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('src', /^\/api\/client-logo\/[a-f0-9]{32}\.png$/);
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Cambiar logo de Grupo Dental Sur' })).toBeVisible();

  // The business's report, shared.
  await page.goto(`/rankmap/${placeId}`);
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: 'Compartir el informe' });
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(dialog.getByText('Enlace creado. Puedes copiarlo ahora o más tarde desde la lista, mientras esté activo.')).toBeVisible();
  const url = await dialog.getByLabel('Enlace del informe').inputValue();

  // A visitor with no account, in a browser of their own.
  await reader.goto(url);
  await expect(reader.getByRole('heading', { level: 1, name: placeName })).toBeVisible({ timeout: 15_000 });
  const client = reader.getByTestId('report-client');
  await expect(client).toContainText('Informe para Grupo Dental Sur');
  const logo = client.getByRole('img', { name: 'Logo de Grupo Dental Sur' });
  await expect(logo).toBeVisible();
  // The public logo really loads for someone with no session.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeFindings(reader, 'the share page with a client');

  // Back on «Clientes», at phone width: removing the logo asks first; from the keyboard.
  await page.goto('/clientes');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'no sideways scroll at 375 px' }).toBeLessThanOrEqual(375);
  const remove = row.getByRole('button', { name: 'Quitar logo de Grupo Dental Sur' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Los informes de «Grupo Dental Sur» dejarán de mostrar su logo.');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(preview).toBeVisible();
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Quitar logo' }).click();
  await expect(page.getByText('Logo de «Grupo Dental Sur» quitado.')).toBeVisible();
  await expect(row.getByText('Sin logo')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Subir logo de Grupo Dental Sur' })).toBeVisible();
  await expectNoAxeFindings(page, '«Clientes» at 375 px');
});
