import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures/test';
import { payInSandbox } from './support';

// The billing journey of a new agency in a real browser, through the local sandbox payment
// provider: the same billing code as Stripe, with nothing mocked.

/** A real 64×64 PNG, to upload as a profile picture. */
const pngPhoto = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } }).png().toBuffer();

async function openSandboxSimulations(page: Page) {
  await page.goto('/profile');
  const toggle = page.getByRole('button', { name: /Parámetros de desarrollo/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

test('when an agency subscribes to Agency annual, buys credits and manages its subscription, then every screen follows', async ({ page, newcomerOnPlans }) => {
  test.setTimeout(120_000);
  // No plan yet: the confirmation link signs the user in and the guard sends them to the plans page.
  await newcomerOnPlans({ name: 'Ana Agencia' });

  // Agency, annual (the default period), through the sandbox checkout.
  await page.getByRole('radio', { name: 'Agentes de Marketing' }).click();
  const agency = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Agency' }) });
  await agency.getByRole('button', { name: 'Suscribirse Anual' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText(/14 días de prueba gratis/)).toBeVisible();
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await payInSandbox(page);
  await expect(page.getByText(sessionId.slice(-8))).toBeVisible();

  // The dashboard shows the plan and its 1,500 credits.
  await page.getByRole('link', { name: 'Ir al panel principal' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Agency').first()).toBeVisible();
  const credits = page.getByTestId('credits-widget');
  await expect(credits).toContainText('1500');

  // Buy 500 credits: the balance updates.
  await credits.getByRole('link', { name: 'Comprar Créditos' }).click();
  await page.getByRole('button', { name: 'Comprar 500 créditos' }).click();
  await payInSandbox(page);
  await expect(page.getByText('¡Pago completado!')).toBeVisible();
  await page.getByRole('link', { name: 'Ir al panel principal' }).click();
  await expect(page.getByTestId('credits-widget')).toContainText('2000');

  // A successful renewal ends the trial; cancelling and reactivating change the badge.
  await openSandboxSimulations(page);
  await expect(page.getByText('Período de Prueba').first()).toBeVisible();
  await page.getByRole('button', { name: 'Simular renovación', exact: true }).click();
  await expect(page.getByText('Renovación simulada: cobro realizado.')).toBeVisible();
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await page.getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(page.getByText('Cancelándose', { exact: true })).toBeVisible();
  await expect(page.getByText(/Tu suscripción se cancelará el/)).toBeVisible();

  await page.getByRole('button', { name: 'Reactivar suscripción' }).click();
  await page.getByRole('button', { name: 'Sí, reactivar' }).click();
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();

  // A failed renewal: the dashboard shows the past-due banner with the failure details.
  await page.getByRole('button', { name: 'Simular renovación fallida' }).click();
  await expect(page.getByText('Renovación simulada: el cobro ha fallado.')).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('No hemos podido cobrar tu suscripción')).toBeVisible();
  await expect(page.getByText('n.º 1')).toBeVisible();
  await expect(page.getByRole('button', { name: /Actualizar método de pago/ }).first()).toBeVisible();
});

test('when a subscriber edits the name, the billing data and the photo, then the changes survive a reload', async ({ page, subscribe }) => {
  test.setTimeout(90_000);
  await subscribe('Básico', { name: 'Pablo Perfil' });

  await page.goto('/profile');
  const name = page.getByLabel('Nombre', { exact: true });
  await name.fill('Pablo García');
  await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await pngPhoto() });
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente.')).toBeVisible();

  await page.getByRole('tab', { name: /facturación/i }).click();
  // The radio itself is visually hidden behind its styled label, which is what a user clicks.
  await page.locator('label').filter({ hasText: 'Empresa' }).click();
  await expect(page.getByRole('radio', { name: 'Empresa' })).toBeChecked();
  await page.getByLabel('Razón Social').fill('Clínica Sonrisa S.L.');
  await page.getByLabel('CIF').fill('B29123452');
  await page.getByLabel('Dirección').fill('Calle Larios 1');
  await page.getByLabel('Código postal').fill('29005');
  await page.getByLabel('Ciudad').fill('Málaga');
  await page.getByLabel('Provincia').fill('Málaga');
  await page.getByLabel('País').fill('España');
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('Datos de facturación actualizados correctamente.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Pablo García');
  await expect(page.getByRole('img', { name: 'Tu foto de perfil' }).first()).toHaveAttribute('src', /\/uploads\/avatars\/[a-f0-9]+\.webp/);
  await page.getByRole('tab', { name: /facturación/i }).click();
  await expect(page.getByLabel('Razón Social')).toHaveValue('Clínica Sonrisa S.L.');
  await expect(page.getByLabel('CIF')).toHaveValue('B29123452');
});

test('when the server has no payment provider (503), then the plans and credits pages show its message and the buttons work again', async ({ page, newcomerOnPlans }) => {
  // The 503 itself is proved in the API suite (payments-unavailable.api.test.ts), since this
  // server runs the sandbox; here the browser gets that answer, as a production server sends it.
  const unavailable = 'Los pagos no están disponibles en este momento. Inténtalo más tarde o escríbenos a soporte.';
  await page.route('**/api/payment/create-checkout-session', (route) =>
    route.fulfill({ status: 503, json: { error: unavailable, code: 'PAYMENTS_UNAVAILABLE' } }),
  );
  await newcomerOnPlans({ name: 'Sara Sinpagos' });

  const basico = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Básico' }) });
  await basico.getByRole('button', { name: 'Suscribirse Anual' }).click();
  const alert = basico.getByRole('alert');
  await expect(alert).toContainText('Error al procesar el pago. Inténtalo de nuevo.');
  await expect(alert).toContainText(unavailable);
  await expect(basico.getByRole('button', { name: 'Suscribirse Anual' })).toBeEnabled();
  await expect(page).toHaveURL(/\/subscription$/);

  await page.goto('/buy-credits');
  await page.getByRole('button', { name: 'Comprar 500 créditos' }).click();
  await expect(page.getByRole('alert').filter({ hasText: unavailable })).toContainText('Error al procesar el pago. Inténtalo de nuevo.');
  await expect(page.getByRole('button', { name: 'Comprar 500 créditos' })).toBeEnabled();
});
