import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { expect, test } from './fixtures/test';

// White-label (issue 17, docs/reports.md "White-label"): an agency sets its brand in the
// profile's «Marca blanca» tab, with a logo, and sees a report's header in its colour; a
// business-owner plan sees where it is offered instead.

/** Waits for the screen to be still, then expects axe to find nothing. */
async function expectAxeClean(page: Page, screen: string) {
  await page.waitForLoadState('networkidle');
  await expectNoAxeFindingsOnceSettled(page, screen);
}

test.describe('white-label', () => {
  test('an agency on Starter sets its brand with a logo, sees the preview in its colour, and cannot remove «Hecho con RankMaps»', async ({ page, request, subscribe }) => {
    await subscribe('Starter');
    await page.goto('/profile?tab=marca-blanca');
    const tab = page.getByRole('tab', { name: /Marca blanca|Marca/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByTestId('white-label');
    await expect(panel).toBeVisible();

    // A light accent is flagged and darkened on request.
    const hex = panel.getByLabel('Código del color (#rrggbb)');
    await hex.fill('#ffeb3b');
    const advice = panel.getByTestId('accent-advice');
    await expect(advice).toContainText('demasiado claro');
    await advice.getByRole('button', { name: /Usar un tono más oscuro/ }).click();
    await expect(advice).toHaveCount(0);
    expect(await hex.inputValue()).toMatch(/^#[0-9a-f]{6}$/);

    // The agency's own colour, typed as hex; the colour picker follows it.
    await hex.fill('#0f766e');
    await expect(panel.getByLabel('Selector de color')).toHaveValue('#0f766e');
    await panel.getByLabel('Nombre de la agencia').fill('Agencia Norte');
    await panel.getByLabel('Contacto').fill('hola@agencianorte.es');
    await panel.getByLabel('Texto del pie').fill('Preparado para nuestros clientes.');

    // «Hecho con RankMaps» stays on Starter, and the switch says why.
    const poweredBy = panel.getByRole('switch', { name: 'Quitar «Hecho con RankMaps»' });
    await expect(poweredBy).toBeDisabled();
    await expect(page.getByText(/Disponible desde Enterprise/)).toBeVisible();

    // The live preview: the header in the accent, the name, the contact and the line.
    const preview = panel.getByTestId('brand-preview');
    await expect(preview).toContainText('Agencia Norte');
    await expect(preview).toContainText('hola@agencianorte.es');
    await expect(preview).toContainText('Hecho con RankMaps');
    await expect(preview.getByTestId('brand-preview-header')).toHaveCSS('background-color', 'rgb(15, 118, 110)');

    await panel.getByRole('button', { name: 'Guardar marca blanca' }).click();
    await expect(page.getByText('Marca blanca guardada. Tus próximos informes la llevarán.')).toBeVisible();

    // The logo: chosen, uploaded, shown in the field and in the preview's header.
    const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } }).png().toBuffer();
    await panel.getByTestId('brand-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Logo guardado.')).toBeVisible();
    const logo = panel.getByRole('img', { name: 'Logo de tu agencia' });
    await expect(logo).toBeVisible();
    const src = await logo.getAttribute('src');
    expect(src).toMatch(/^\/api\/report-brand\/logo\/[a-f0-9]{32}\.png$/);
    await expect(preview.locator('img')).toHaveAttribute('src', src!);
    // The public URL answers without a session, re-encoded within 600×200.
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    const meta = await sharp(await served.body()).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 600, height: 200 });

    // Saved: a reload shows it again.
    await page.reload();
    await expect(panel.getByLabel('Nombre de la agencia')).toHaveValue('Agencia Norte');
    await expect(panel.getByRole('img', { name: 'Logo de tu agencia' })).toBeVisible();
    await expectAxeClean(page, 'the white-label tab');
    // On a phone the form and the preview stack, and nothing sticks out sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(panel.getByTestId('brand-preview')).toBeVisible();
    // Polled: right after the window narrows, the layout is still leaving the desktop sidebar
    // behind (CI once measured 613 px mid-way); what a phone shows is the settled page.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'no sideways scroll at 375 px' }).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Keyboard: the tab list reaches the tab with the arrows.
    await tab.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: /Notificaciones|Avisos/ })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab).toBeFocused();

    // Removing the logo asks first.
    await panel.getByRole('button', { name: 'Quitar logo' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Quitar el logo?' });
    await expectAxeClean(page, 'the confirmation to remove the logo');
    await dialog.getByRole('button', { name: 'Sí, quitar' }).click();
    await expect(page.getByText('Logo quitado.')).toBeVisible();
    await expect(panel.getByText('Sin logo')).toBeVisible();
    expect((await request.get(src!)).status()).toBe(404);
  });

  test('a business-owner plan sees what white-label is and where it is offered', async ({ page, subscribe }) => {
    await subscribe('Básico');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/profile?tab=marca-blanca');
    const notice = page.getByTestId('white-label-upgrade');
    await expect(notice).toContainText('Disponible en planes para agencias');
    await expect(notice.getByRole('link', { name: 'Ver los planes' })).toHaveAttribute('href', '/subscription');
    await expect(page.getByTestId('white-label')).toHaveCount(0);
    // Nothing sticks out sideways on a phone.
    // Polled: right after the window narrows, the layout is still leaving the desktop sidebar
    // behind (CI once measured 613 px mid-way); what a phone shows is the settled page.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'no sideways scroll at 375 px' }).toBeLessThanOrEqual(375);
    await expectAxeClean(page, 'the white-label tab of a basic plan');
  });
});
