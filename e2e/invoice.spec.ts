import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from './fixtures/test';
import { payInSandbox } from './support';

// Invoices a Spanish company can book (docs/billing.md, "Invoices"), in a real browser: an
// agency enters its company's billing data, buys a credit pack in the sandbox, and downloads
// that payment's invoice from «Historial de pagos»; the PDF's text, read back, carries the
// number, the customer's CIF and the IVA breakdown of the 20 € pack.

test('when an agency with billing data buys credits, then its payment history offers the invoice, and the PDF carries its number, CIF, base, IVA 21 % and total', async ({ page, subscribe }) => {
  test.setTimeout(120_000);
  await subscribe('Agency', { name: 'Irene Factura' });

  await page.goto('/profile');
  await page.getByRole('tab', { name: /facturación/i }).click();
  await page.locator('label').filter({ hasText: 'Empresa' }).click();
  const billing = { 'Razón Social': 'Faro Digital S.L.', CIF: 'B29123452', Dirección: 'Calle Larios 1', 'Código postal': '29005', Ciudad: 'Málaga', Provincia: 'Málaga', País: 'España' };
  for (const [label, value] of Object.entries(billing)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('Datos de facturación actualizados correctamente.')).toBeVisible();

  await page.goto('/buy-credits');
  await page.getByRole('button', { name: 'Comprar 500 créditos' }).click();
  await payInSandbox(page);
  await expect(page.getByText('¡Pago completado!')).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Historial de pagos' }).click();
  const number = page.getByTestId('invoice-number').first();
  await expect(number).toHaveText(/^Nº RM-\d{4}-\d{6}$/);
  const invoiceNumber = (await number.textContent())!.replace('Nº ', '');

  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`factura-${invoiceNumber}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  for (const expected of [invoiceNumber, 'Faro Digital S.L.', 'B29123452', 'Calle Larios 1', 'Base imponible', '16,53', 'IVA (21 %)', '3,47', '20,00']) expect(text).toContain(expected);
});
