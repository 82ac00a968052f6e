import { expect, test } from './fixtures/test';

// Google Business Profile against the real server with the demo provider (the default without Google
// credentials): the same browser round trip as Google's (start-url → callback → back with ?gbp=connected),
// then the statistics of the demo locations.

test('when a paying user connects Google Business from the dashboard, then it reads Conectado and Estadísticas shows the three charts and the keywords', async ({ page, subscribe }) => {
  test.setTimeout(120_000);
  await subscribe();

  // Dashboard: not connected yet.
  await page.goto('/');
  const tile = page.getByTestId('tile-gbp');
  const panel = page.getByTestId('gbp-panel');
  await expect(tile.getByTestId('gbp-tile-status')).toHaveText('No conectado');
  await expect(panel.getByRole('heading', { name: 'Conecta tu Google Business Profile' })).toBeVisible();

  // Conectar Google Business: start-url, the (demo) consent, the callback, back to the dashboard.
  const startUrl = page.waitForResponse((r) => r.url().includes('/api/auth/google/start-url?') && r.request().method() === 'GET');
  await panel.getByRole('button', { name: 'Conectar Google Business' }).click();
  const started = await startUrl;
  expect(started.status()).toBe(200);
  expect(new URL(started.url()).searchParams.get('intent')).toBe('gbp_connect');
  expect(new URL(started.url()).searchParams.get('redirectAfter')).toBe('/');

  await expect(page.getByRole('listitem').filter({ hasText: 'Google Business Profile conectado.' })).toBeVisible();
  // The result is shown once and the parameter leaves the address.
  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('gbp'));
  await expect(tile.getByTestId('gbp-tile-status')).toHaveText('Conectado');
  await expect(panel.getByRole('button', { name: 'Reconectar' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Conectar Google Business' })).toHaveCount(0);
  await expect(panel.getByText('Datos de demostración')).toBeVisible();
  await expect(panel.getByTestId('gbp-account')).not.toBeEmpty();

  // Estadísticas: the three metrics over the last 30 days, with totals and trend, and the top keywords.
  await panel.getByRole('link', { name: 'Ver estadísticas' }).click();
  await expect(page).toHaveURL(/\/estadisticas$/);
  await expect(page).toHaveTitle(/Estadísticas/);
  await expect(page.getByRole('heading', { level: 1, name: /Estadísticas/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).getByText('Datos de demostración')).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Ubicación' });
  await expect(picker.locator('option:checked')).toHaveText('Clínica Dental Sonrisas Larios');

  for (const name of ['Vistas', 'Búsquedas', 'Acciones']) {
    const figure = page.getByRole('figure', { name });
    await expect(figure).toBeVisible();
    await expect(figure.getByTestId('metric-total')).toHaveText(/^\d[\d.]*$/);
    await expect(figure.getByTestId('metric-trend')).toContainText('vs. 30 días anteriores');
    // The chart's table twin: a header row, one row per day of the 30-day window, the total.
    const table = figure.getByRole('table', { name: new RegExp(`^${name} por día`) });
    await expect(table.getByRole('row')).toHaveCount(32);
    await expect(table.getByRole('row').last()).toContainText((await figure.getByTestId('metric-total').textContent())!);
  }
  // The chart itself arrives with the lazily loaded chart library.
  await expect(page.getByRole('figure', { name: 'Vistas' }).locator('.recharts-surface')).toBeVisible();

  const keywords = page.getByTestId('gbp-keyword');
  await expect(keywords.first()).toBeVisible();
  expect(await keywords.count()).toBeGreaterThan(0);
  expect(await keywords.count()).toBeLessThanOrEqual(9);

  // The chosen location is remembered.
  await picker.selectOption({ label: 'Panadería Artesana La Espiga' });
  await expect(page.getByTestId('gbp-keyword').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Ubicación' }).locator('option:checked')).toHaveText('Panadería Artesana La Espiga');
  await expect(page.getByRole('figure', { name: 'Acciones' }).getByTestId('metric-total')).toHaveText(/^\d/);

  // Disconnecting (after a confirmation) brings back the connect prompt.
  await page.goto('/');
  await panel.getByRole('button', { name: 'Desconectar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desconectar' }).click();
  await expect(tile.getByTestId('gbp-tile-status')).toHaveText('No conectado');
  await expect(panel.getByRole('button', { name: 'Conectar Google Business' })).toBeVisible();
  await page.goto('/estadisticas');
  await expect(page.getByTestId('gbp-connect-prompt').getByRole('button', { name: 'Conectar Google Business' })).toBeVisible();
});
