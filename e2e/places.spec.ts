import { expect, test } from './fixtures/test';

// Adding a business and laying out its grid, in a real browser against the demo catalogue
// and the real sea index. The basemap's tiles cannot load here (no network): the grid and
// the coastline must still draw.

test('when a basic user adds a Málaga clinic, edits its grid and schedule, then deletes it, then every screen follows', async ({ page, subscribe }) => {
  test.setTimeout(150_000);
  await subscribe();

  // The panel's limits show the month's manual scans left, from the API (docs/decisions.md §22).
  await page.goto('/');
  await expect(page.getByTestId('plan-limits')).toContainText('Quedan 2 de 2 este mes');

  // Empty list: the call to action leads to the wizard.
  await page.goto('/rankmap');
  await expect(page.getByRole('heading', { name: 'Añade tu primer negocio' })).toBeVisible();
  await expect(page.getByTestId('places-count')).toHaveText('0/1');
  await page.getByRole('link', { name: 'Añadir negocio' }).first().click();
  await expect(page).toHaveURL(/\/new-place$/);

  // Step 1: continuing without a pick is refused with the spec's message.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Por favor selecciona un lugar de la lista de sugerencias')).toBeVisible();
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dental Málaga');
  const option = page.getByRole('option').first();
  await expect(option).toContainText('Málaga');
  const clinicName = (await option.locator('span').first().textContent())!.trim();
  await option.click();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: the default 7×7 at 1500 m over central Málaga, with points on the sea flagged.
  await expect(page.getByRole('heading', { name: 'Configurar Matriz' })).toBeVisible();
  await expect(page.getByText(clinicName).first()).toBeVisible();
  await expect(page.getByText(/\d+ en el mar/).first()).toBeVisible({ timeout: 30_000 });
  const seaText = await page.getByText(/\d+ en el mar/).first().textContent();
  expect(Number(/(\d+) en el mar/.exec(seaText ?? '')?.[1])).toBeGreaterThan(0);
  await expect(page.getByText('No se pudo cargar el mapa base: se muestran la cuadrícula y la línea de costa.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.leaflet-interactive').first()).toBeVisible();

  await page.getByRole('button', { name: 'Crear negocio' }).click();
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const placeUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: clinicName })).toBeVisible();
  await expect(page.getByTestId('weekly-countdown')).toHaveText(/\d+ d \d+ h \d+ min/);
  await expect(page.getByText('Hora local del negocio (hora peninsular española)')).toBeVisible();
  // The keywords come first, above the weekly scan and the Slack and report cards.
  const topOf = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
  expect(await topOf('keywords-count')).toBeLessThan(await topOf('weekly-countdown'));
  expect(await topOf('weekly-countdown')).toBeLessThan(await topOf('place-slack-card'));
  expect(await topOf('place-slack-card')).toBeLessThan(await topOf('report-mail-card'));

  // Edit the grid: saving unchanged is refused; 5×5 is within the basic plan.
  await page.getByRole('button', { name: 'Opciones del negocio' }).click();
  await page.getByRole('menuitem', { name: 'Editar Matriz' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Matriz de Análisis' })).toBeVisible();
  await expect(page.getByText(/\d+ en el mar/).first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page.getByText('No hay cambios en la matriz para guardar')).toBeVisible();
  // Beyond the basic plan's 7×7, and the radius: each names the cheapest plan that allows it (docs/decisions.md §22), never "Pro".
  const sizes = page.getByLabel('Tamaño de la cuadrícula');
  await expect(sizes.locator('option[value="9"]')).toContainText('Disponible desde Profesional');
  await expect(sizes.locator('option[value="11"]')).toContainText('Disponible desde Premium');
  await expect(sizes.locator('option[value="15"]')).toContainText('Disponible en planes para agencias');
  await expect(sizes).not.toContainText(/\bPro\b/);
  await sizes.selectOption('9');
  const upgrade = page.getByRole('alertdialog', { name: 'Actualización de Plan Requerida' });
  await expect(upgrade).toContainText('Para usar una cuadrícula de 9×9 necesitas el plan Profesional.');
  await upgrade.getByRole('button', { name: 'Cancelar' }).click();
  await expect(sizes).toHaveValue('7');
  await page.getByRole('button', { name: 'Cambiar radio. Disponible en planes para agencias' }).click();
  await expect(upgrade).toContainText('Para cambiar el radio de análisis necesitas un plan para agencias.');
  await upgrade.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByLabel('Tamaño de la cuadrícula').selectOption('5');
  await expect(page.getByText('25 puntos en total')).toBeVisible();
  // Another grid: later analyses will not compare point by point; a basic plan pays no credits, so no cost is quoted.
  await expect(page.getByTestId('grid-change-warning')).toContainText('Los análisis que hagas a partir de ahora no se podrán comparar punto a punto con los anteriores, hechos con otra cuadrícula.');
  await expect(page.getByTestId('grid-change-cost')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL(placeUrl);

  // The schedule: Tuesday 10:00, in the place's time zone.
  await page.getByRole('button', { name: 'Configurar Horario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configurar Horario' });
  await dialog.getByLabel('Día').selectOption({ label: 'Martes' });
  await dialog.getByLabel('Hora').selectOption({ label: '10:00' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Horario actualizado.')).toBeVisible();
  await expect(page.getByText(/martes, \d+ de \w+, 10:00/)).toBeVisible();

  // The basic plan's one place is used: the list says so and the wizard is closed.
  await page.goto('/rankmap');
  await expect(page.getByTestId('places-count')).toHaveText('1/1');
  await expect(page.getByText('Límite alcanzado (1/1)')).toBeVisible();
  // The link names the plan with room for more (docs/decisions.md §22.2).
  await expect(page.getByRole('link', { name: 'Para añadir más negocios necesitas el plan Profesional' })).toHaveAttribute('href', '/subscription');
  await page.goto('/new-place');
  await expect(page).toHaveURL(/\/$/);

  // Delete, after the confirmation.
  await page.goto('/rankmap');
  await page.getByRole('button', { name: `Acciones de ${clinicName}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar negocio?' });
  await confirm.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByRole('heading', { name: 'Añade tu primer negocio' })).toBeVisible();
  await expect(page.getByTestId('places-count')).toHaveText('0/1');
});
