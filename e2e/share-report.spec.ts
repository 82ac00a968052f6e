import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic, createdPlaceName } from './support';

/** Clicks «Descargar PDF», picks `choice` when asked, and returns the downloaded PDF's name and text. */
async function downloadPdf(page: Page, choice: string | null): Promise<{ filename: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByTestId('pdf-button').click();
  if (choice) {
    const dialog = page.getByRole('dialog', { name: 'Descargar el informe en PDF' });
    await dialog.getByRole('radio', { name: choice }).check();
    await dialog.getByRole('button', { name: 'Descargar' }).click();
  }
  const file = await download;
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { filename: file.suggestedFilename(), text };
}

// Share links (issue 17, docs/reports.md "Share links") in a real browser: the owner makes a
// link of an analysis from the keyword page, a fresh browser context with no session opens it
// and reads the report (business, keyword, GeoRank), axe finds nothing, the page fits a phone;
// the owner revokes the link and the reader's reload shows the unavailable page. Between the
// two, the agency sets its white-label brand, and both the share page and the downloaded PDF
// (its text read back with a PDF extractor) carry it.

test('when the owner downloads the PDF and shares an analysis, then a visitor without an account reads the report, in the agency’s brand once it is set, and after the link is revoked sees that it is not available', async ({ page, subscribe, visitorPage: reader }) => {
  test.setTimeout(240_000);
  await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  const placeName = await createdPlaceName(page);
  await addKeyword(page, 'dentista');
  await page.getByRole('link', { name: /^dentista/ }).click();
  await expect(page).toHaveURL(new RegExp(`/rankmap/${placeId}/keyword/[0-9a-f-]{36}$`));

  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await page.getByRole('dialog', { name: 'Nuevo Análisis' }).getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 60_000 });

  // The PDF of the selected analysis, from the keyword page: the business, the keyword and the figures.
  const rankPdf = await downloadPdf(page, 'Este análisis');
  expect(rankPdf.filename).toMatch(/^informe-[a-z0-9-]+-dentista-\d{4}-\d{2}-\d{2}\.pdf$/);
  for (const text of [placeName, 'dentista', 'GeoRank', 'Posición media total', '% Local Pack', 'Datos de demostración', 'RankMaps']) expect(rankPdf.text).toContain(text);
  const keywordPage = page.url();

  // «Compartir»: the selected analysis, never expiring; the URL can be copied again from the list.
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: 'Compartir el informe' });
  await expect(dialog.getByRole('radio', { name: 'Este análisis' })).toBeChecked();
  await expect(dialog.getByText('Aún no has compartido este informe.')).toBeVisible();
  await expect(dialog.getByLabel('Caducidad')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  await expect(dialog.getByText('Enlace creado. Puedes copiarlo ahora o más tarde desde la lista, mientras esté activo.')).toBeVisible();
  const url = await dialog.getByLabel('Enlace del informe').inputValue();
  expect(url).toMatch(/\/informe\/[A-Za-z0-9_-]{43}$/);
  const links = dialog.getByTestId('share-links').getByRole('listitem');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText('Activo');
  await expectNoAxeFindings(page, 'the share dialog');

  // A fresh context (`visitorPage`): no cookie, no token.
  await reader.goto(url);
  await expect(reader.getByRole('heading', { level: 1, name: placeName })).toBeVisible({ timeout: 15_000 });
  await expect(reader.getByText('dentista', { exact: true }).first()).toBeVisible();
  await expect(reader.getByRole('region', { name: 'Métricas' }).getByText('GeoRank', { exact: true })).toBeVisible();
  await expect(reader.getByRole('img', { name: /^Mapa de calor/ })).toBeVisible();
  expect(await reader.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content'))).toBe('noindex,nofollow');
  await expectNoAxeFindings(reader, 'the share page');
  // A phone: nothing sticks out sideways.
  await reader.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The agency signs its reports: the brand in the profile's «Marca blanca» tab, then the
  // same link and a new PDF carry it, with the small «Hecho con RankMaps» line.
  await page.keyboard.press('Escape');
  await page.goto('/profile?tab=marca-blanca');
  const brand = page.getByTestId('white-label');
  const fields = { 'Nombre de la agencia': 'Agencia Faro Digital', 'Código del color (#rrggbb)': '#0f766e', Contacto: 'hola@farodigital.es' };
  for (const [label, value] of Object.entries(fields)) await brand.getByLabel(label).fill(value);
  await brand.getByRole('button', { name: 'Guardar marca blanca' }).click();
  await expect(page.getByText('Marca blanca guardada. Tus próximos informes la llevarán.')).toBeVisible();
  await reader.reload();
  await expect(reader.getByText('Agencia Faro Digital').first()).toBeVisible({ timeout: 15_000 });
  await expect(reader.getByText('hola@farodigital.es').first()).toBeVisible();
  await expect(reader.getByText('Hecho con RankMaps')).toBeVisible();
  await page.goto(keywordPage);
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 30_000 });
  const brandedPdf = await downloadPdf(page, 'El historial de la keyword');
  for (const text of ['Agencia Faro Digital', 'hola@farodigital.es', 'Hecho con RankMaps', placeName, 'dentista']) expect(brandedPdf.text).toContain(text);

  // The owner revokes it, behind a confirmation.
  await page.getByTestId('share-button').click();
  await dialog.getByRole('radio', { name: 'Este análisis' }).check();
  // Days later, the same link is copied again from the list.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await links.first().getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(links.first().getByText('Enlace copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await links.first().getByRole('button', { name: 'Revocar' }).click();
  await dialog.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(links.first()).toContainText('Revocado');
  await expect(links.first().getByRole('button', { name: 'Copiar enlace' })).toHaveCount(0);

  await reader.reload();
  await expect(reader.getByRole('heading', { level: 1, name: 'Este informe no está disponible' })).toBeVisible();
  await expect(reader.getByText('Puede que el enlace haya caducado o que quien lo compartió lo haya revocado.')).toBeVisible();
  await expectNoAxeFindings(reader, 'the unavailable share page');
});
