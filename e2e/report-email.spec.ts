import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addMadridClinic, uniqueEmail } from './support';

// Scheduled report e-mails (docs/reports.md, "Scheduled report e-mails"; docs/decisions.md §24.6):
// on the business page the owner sends the report after each weekly scan, adds a
// client, who confirms through the link in the outbox; after the next weekly round (run now
// through its development route) the report e-mail is in the outbox with its PDF attached.

test('when a client is added and confirms, then after the next weekly scan their report e-mail is in the outbox with the PDF attached', async ({ page, dev, outbox, subscribe, visitorPage: clientPage }) => {
  test.setTimeout(240_000);
  await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  await page.getByLabel('Nueva keyword').fill('clínica dental');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText('Keyword «clínica dental» añadida.')).toBeVisible();

  const card = page.getByTestId('report-mail-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('heading', { name: 'Informes por correo' })).toBeVisible();
  await expect(card.getByRole('radio', { name: 'Desactivado' })).toBeChecked();
  await expect(card.getByTestId('report-recipients-empty')).toBeVisible();

  // The schedule, by keyboard: the radio group moves with the arrow keys.
  await card.getByRole('radio', { name: 'Desactivado' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('radio', { name: 'Después de cada escaneo semanal' })).toBeChecked();
  await card.getByRole('button', { name: 'Guardar envío' }).click();
  await expect(card.getByRole('status')).toHaveText('Envío guardado.');

  // A bad address is refused in Spanish; then the client is added.
  const client = uniqueEmail('cliente-informe');
  await card.getByLabel('Email del destinatario').fill('no-es-un-email');
  await card.getByRole('button', { name: 'Añadir destinatario' }).click();
  await expect(card.getByRole('alert')).toHaveText('Introduce un email válido');
  await card.getByLabel('Email del destinatario').fill(client);
  await card.getByLabel('Nombre (opcional)').fill('Marta Cliente');
  await card.getByRole('button', { name: 'Añadir destinatario' }).click();
  const row = card.getByTestId('report-recipients').getByRole('listitem').filter({ hasText: client });
  await expect(row).toContainText('Pendiente de confirmar');
  await expectNoAxeFindings(page, 'the business page with the «Informes por correo» card');

  // The client opens the link in a browser of their own: the page asks, the button confirms.
  const link = await outbox.link(client, 'report-recipient-confirm');
  expect(link).toContain('/api/report-recipients/confirm?token=');
  await clientPage.goto(link);
  await expect(clientPage.getByRole('heading', { level: 1 })).toHaveText(/^¿Quieres recibir los informes de .+\?$/);
  await clientPage.getByRole('button', { name: 'Confirmar' }).click();
  await expect(clientPage.getByRole('heading', { level: 1 })).toHaveText('Dirección confirmada');

  await page.reload();
  await expect(page.getByTestId('report-mail-card').getByTestId('report-recipients').getByRole('listitem').filter({ hasText: client })).toContainText('Confirmado');

  // The next weekly round, now.
  expect(await dev.runReportRound(placeId)).toBe(200);
  const reportMails = () => outbox.filter((m) => m.to === client && m.kind === 'report-email');
  await expect.poll(async () => (await reportMails()).length, { timeout: 120_000, intervals: [1000] }).toBe(1);
  const [mail] = await reportMails();
  expect(mail!.subject).toMatch(/^Informe semanal de .+ en Google Maps$/);
  expect(mail!.text).toContain('Hola, Marta Cliente:');
  expect(mail!.text).toContain('• clínica dental: GeoRank');
  expect(mail!.text).toMatch(/Ver el informe: http:\/\/localhost:\d+\/\S+/);
  expect(mail!.attachments).toHaveLength(1);
  expect(mail!.attachments![0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^informe-.+\.pdf$/) });
  const pdf = await outbox.attachment(mail!.attachments![0]!.url);
  expect(pdf.status).toBe(200);
  expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('when the card is used on a phone, then nothing of it sticks out sideways and a recipient is removed after a confirmation', async ({ page, subscribe }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  await subscribe('Starter');
  await addMadridClinic(page);
  const card = page.getByTestId('report-mail-card');
  await card.scrollIntoViewIfNeeded();
  const client = uniqueEmail('cliente-con-una-direccion-bastante-larga');
  await card.getByLabel('Email del destinatario').fill(client);
  await card.getByRole('button', { name: 'Añadir destinatario' }).click();
  await expect(card.getByTestId('report-recipients')).toContainText('Pendiente de confirmar');
  // What of the card sticks out of the screen, if anything, named by its tag, test id and text.
  const sticksOut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="report-mail-card"], [data-testid="report-mail-card"] *'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ${(el.textContent ?? '').trim().slice(0, 40)}`),
  );
  expect(sticksOut).toEqual([]);

  await card.getByRole('button', { name: `Quitar a ${client}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`${client} dejará de recibir los informes de este negocio.`);
  await dialog.getByRole('button', { name: 'Quitar' }).click();
  await expect(card.getByTestId('report-recipients-empty')).toBeVisible();
});
