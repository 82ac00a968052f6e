import { expect, test } from './fixtures/test';

// A business abroad, from the demo catalogue to a finished scan: its market (country and
// search language, docs/decisions.md §21.3) shows on its page and can be changed there,
// while the interface stays in Spanish.

test('when a user adds a business in London, then its page shows the UK and English, the market can be changed, and a scan completes', async ({ page, subscribe }) => {
  test.setTimeout(180_000);
  await subscribe('Básico');

  // The demo catalogue finds it by the English category word and the Spanish name of the city.
  await page.goto('/new-place');
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dentist Londres');
  await page.getByRole('option', { name: /Marylebone Dental Practice/ }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(/\d+ se analizan/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Crear negocio' }).click();
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });

  // The market, named in Spanish, with the line that explains it.
  const card = page.getByTestId('market-card');
  await expect(card.getByRole('heading', { name: 'Mercado de búsqueda' })).toBeVisible();
  await expect(card.getByTestId('market-country')).toHaveText('Reino Unido');
  await expect(card.getByTestId('market-language')).toHaveText('Inglés');
  await expect(card.getByText('Las búsquedas de este negocio se hacen en este país y en este idioma; la interfaz sigue en español.')).toBeVisible();
  await expect(page.getByText(/London W1U|London [A-Z0-9]+ \d[A-Z]{2}, UK/).first()).toBeVisible();

  // On a phone, with the keyboard: the dialog opens, a country proposes its main language.
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByRole('button', { name: 'Cambiar mercado' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cambiar mercado' });
  await expect(dialog).toBeVisible();
  const country = dialog.getByLabel('País');
  const language = dialog.getByLabel('Idioma de búsqueda');
  await expect(country).toBeFocused();
  await expect(country).toHaveValue('GB');
  await expect(language).toHaveValue('en');
  await country.selectOption({ label: 'Francia' });
  await expect(language).toHaveValue('fr');
  await expect(dialog.getByText('Idioma principal de Francia: Francés.')).toBeVisible();
  await country.selectOption('GB');
  await expect(language).toHaveValue('en');
  // Searched in the UK, but in Spanish.
  await language.selectOption({ label: 'Español' });
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeInViewport();
  await save.click();
  await expect(page.getByText('Mercado actualizado: los próximos análisis buscarán en Reino Unido, en español.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('market-country')).toHaveText('Reino Unido');
  await expect(card.getByTestId('market-language')).toHaveText('Español');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The change is kept: a reload shows it from the server.
  await page.reload();
  await expect(page.getByTestId('market-language')).toHaveText('Español');

  // A keyword and a scan, which the worker completes.
  await page.getByLabel('Nueva keyword').fill('dentist');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText('Keyword «dentist» añadida.')).toBeVisible();
  await page.getByRole('link', { name: /^dentist/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await page.getByRole('dialog', { name: 'Nuevo Análisis' }).getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('GeoRank').first()).toBeVisible();
  expect(await page.locator('.rm-result-marker').count()).toBeGreaterThan(0);
});
