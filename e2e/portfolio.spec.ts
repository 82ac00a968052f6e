import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// Clients and the portfolio (issue 18, docs/decisions.md §25.1) in a real browser: an agency
// with two businesses creates two clients, groups a business under each, scans a keyword,
// and finds its row in «Cartera» filtered by client, on a desktop and on a 375 px phone.

/** Adds a keyword on the business page and runs one demo scan of it to the end; back on the business page. */
async function scanKeyword(page: Page, placeId: string, keyword: string) {
  await page.goto(`/rankmap/${placeId}`);
  await page.getByLabel('Nueva keyword').fill(keyword);
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await page.getByRole('link', { name: new RegExp(`^${keyword}`) }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 90_000 });
}

/** The business's name, once its page (not the wizard it came from) is drawn. */
async function placeName(page: Page): Promise<string> {
  await expect(page.getByLabel('Nueva keyword')).toBeVisible({ timeout: 30_000 });
  return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
}

/** A second Madrid dental clinic through the wizard (the catalogue's second suggestion); answers its id and name. */
async function addSecondClinic(page: Page): Promise<{ id: string; name: string }> {
  await page.goto('/new-place');
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dental Madrid');
  await page.getByRole('option').nth(1).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(/\d+ se analizan/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Crear negocio' }).click();
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const id = /\/rankmap\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  return { id, name: await placeName(page) };
}

test('when an agency groups its businesses under two clients and scans, then «Cartera» finds the rows by client, on a desktop and a phone', async ({ page, subscribe }) => {
  test.setTimeout(240_000);
  await subscribe('Starter');

  // Two businesses; a keyword of the first is scanned, the second's never is.
  const firstId = await addMadridClinic(page);
  const firstName = await placeName(page);
  const second = await addSecondClinic(page);
  await page.getByLabel('Nueva keyword').fill('implantes');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText('Keyword «implantes» añadida.')).toBeVisible();
  await scanKeyword(page, firstId, 'dentista');

  // Two clients, and each business under one, from «Clientes».
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  for (const name of ['Clínica Norte', 'Grupo Sur']) {
    await page.getByLabel('Nombre del cliente').fill(name);
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(page.getByTestId('client-row').filter({ hasText: name })).toBeVisible();
  }
  // A duplicate, whatever the case, is refused with the API's message.
  await page.getByLabel('Nombre del cliente').fill('grupo sur');
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(page.getByText('Ya tienes un cliente con ese nombre.')).toBeVisible();
  await expect(page.getByLabel('Nombre del cliente')).toHaveValue('grupo sur');

  await page.getByLabel(firstName, { exact: true }).selectOption({ label: 'Clínica Norte' });
  await expect(page.getByText('Negocio asignado a «Clínica Norte».')).toBeVisible();
  await page.getByLabel(second.name, { exact: true }).selectOption({ label: 'Grupo Sur' });
  await expect(page.getByText('Negocio asignado a «Grupo Sur».')).toBeVisible();
  await expect(page.getByTestId('client-row').filter({ hasText: 'Clínica Norte' })).toContainText('1 negocio');
  await expectNoAxeFindings(page, 'clients');

  // The business list: a heading per client, and the card's latest figures.
  await page.goto('/rankmap');
  await expect(page.getByRole('heading', { level: 2, name: /Clínica Norte/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Grupo Sur/ })).toBeVisible();
  const northGroup = page.getByTestId('client-group').filter({ has: page.getByRole('heading', { name: /Clínica Norte/ }) });
  await expect(northGroup.getByTestId('place-figures')).toContainText(/GeoRank\s*\d/);
  await page.getByLabel('Filtrar por cliente').selectOption({ label: 'Grupo Sur' });
  await expect(page.getByTestId('client-group')).toHaveCount(1);
  await expect(page.getByTestId('client-group')).toContainText(second.name);
  await expect(page.getByTestId('client-group').getByTestId('place-figures')).toHaveText('Sin análisis todavía');

  // «Cartera», from the sidebar: every keyword; filtered by client, the scanned one with its figures.
  await page.getByRole('link', { name: 'Cartera' }).first().click();
  await expect(page).toHaveURL(/\/cartera$/);
  const rows = page.getByTestId('portfolio-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Clínica Norte' });
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.getByRole('link', { name: 'dentista' })).toBeVisible();
  await expect(row).toContainText('completado');
  await expect(row).toContainText(/\d/);
  await expect(row.getByRole('img', { name: /^GeoRank del último análisis: \d/ })).toBeVisible();
  await expect(row).toContainText('Demo');

  // The other client's keyword was never scanned: «Nunca analizadas» finds it, «Fallidos» nothing.
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Grupo Sur' });
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Nunca analizadas' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('implantes');
  await expect(rows.first()).toContainText('sin análisis');
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Último análisis fallido' });
  await expect(page.getByTestId('portfolio-no-results')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(rows).toHaveCount(2);

  // Search ignores accents and case; headers sort and say so.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('IMPLANTES');
  await expect(rows).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('');
  await expect(rows).toHaveCount(2);
  const geoRankHeader = page.getByRole('columnheader', { name: 'GeoRank' }).first();
  await expect(geoRankHeader).toHaveAttribute('aria-sort', 'none');
  await geoRankHeader.getByRole('button').click();
  await expect(geoRankHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('dentista');
  await geoRankHeader.getByRole('button').click();
  await expect(geoRankHeader).toHaveAttribute('aria-sort', 'ascending');
  await expectNoAxeFindings(page, 'portfolio');

  // A phone: the rows become cards, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const cards = page.getByTestId('portfolio-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId('portfolio-table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeFindings(page, 'portfolio at 375 px');

  // Deleting a client, after a confirmation, keeps its business, ungrouped.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Eliminar el cliente Grupo Sur' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Su negocio se queda en tu lista, sin cliente.');
  await confirm.getByRole('button', { name: 'Eliminar cliente' }).click();
  await expect(page.getByTestId('client-row')).toHaveCount(1);
  await expect(page.getByLabel(second.name, { exact: true })).toHaveValue('');
  await page.goto(`/rankmap/${second.id}`);
  await expect(page.getByLabel('Cliente del negocio')).toHaveValue('');
});
