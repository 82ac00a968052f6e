import { startWebhookReceiver } from '../apps/server/test/webhook-receiver';
import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { expect, test } from './fixtures/test';
import { expectAgencyOnlyTabOnPhone } from './support';

// The open platform in the profile (issue 19, docs/api.md, docs/webhooks.md): an agency creates
// an API key, sees it once and revokes it; then adds a webhook endpoint pointing at a receiver
// started here (a local address, allowed outside production) that VERIFIES each signature with
// the secret shown once, sends a test event, sees the delivery in the log, replays it and sees
// the second attempt arrive with the same delivery id.

test.describe('webhooks', () => {
  test('an agency creates and revokes a key, adds an endpoint, sees a signed delivery in the log and replays it', async ({ page, subscribe }) => {
    const receiver = await startWebhookReceiver();
    try {
      await subscribe('Starter');

      // An API key, shown once, then revoked.
      await page.goto('/profile?tab=api');
      const keys = page.getByTestId('api-keys');
      await keys.getByRole('button', { name: 'Crear clave' }).click();
      await page.getByRole('dialog', { name: 'Nueva clave de API' }).getByLabel('Nombre').fill('n8n');
      await page.getByRole('dialog', { name: 'Nueva clave de API' }).getByRole('button', { name: 'Crear clave' }).click();
      const shownKey = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
      const key = await shownKey.getByTestId('api-key-value').inputValue();
      expect(key).toMatch(/^rmk_/);
      await shownKey.getByRole('button', { name: 'Ya la he guardado' }).click();
      await expect(keys).not.toContainText(key.slice(12));
      await keys.getByRole('button', { name: 'Revocar la clave «n8n»' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar', exact: true }).click();
      await expect(keys.getByTestId('api-key-row').filter({ hasText: 'n8n' })).toContainText('Revocada');

      // The Webhooks tab, empty.
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      const panel = page.getByTestId('webhooks');
      await expect(panel.getByText('Todavía no tienes ningún webhook.')).toBeVisible();
      await panel.getByRole('button', { name: 'Añadir webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Añadir webhook' });
      // No URL: the form says so and sends nothing.
      await dialog.getByRole('button', { name: 'Añadir', exact: true }).click();
      await expect(dialog.getByText('Escribe la URL del webhook.')).toBeVisible();
      await dialog.getByLabel('URL del endpoint').fill(receiver.url('/hooks/e2e'));
      await dialog.getByLabel(/Pocos créditos/).check();
      await dialog.getByRole('button', { name: 'Añadir', exact: true }).click();

      const shown = page.getByRole('dialog', { name: 'Secreto de firma' });
      await expect(shown.getByText('no volverás a verlo')).toBeVisible();
      const secret = await shown.getByTestId('webhook-secret-value').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      receiver.useSecret(secret);
      await expect(shown.getByRole('button', { name: 'Copiar secreto' })).toBeVisible();
      await shown.getByRole('button', { name: 'Ya lo he guardado' }).click();
      await expect(shown).toHaveCount(0);

      const row = panel.getByTestId('webhook-row');
      await expect(row).toContainText(receiver.url('/hooks/e2e'));
      await expect(row).toContainText('Activo');
      await expect(row).toContainText('Análisis completado, Pocos créditos');
      await expect(row).toContainText(`${secret.slice(0, 12)}…`);
      await expect(panel).not.toContainText(secret.slice(12));

      // A test event: delivered once, signed, and logged.
      await row.getByRole('button', { name: 'Enviar prueba' }).click();
      await expect(page.getByText('Evento de prueba en cola.')).toBeVisible();
      const log = row.getByTestId('webhook-deliveries');
      const delivery = log.getByTestId('webhook-delivery-row').first();
      await expect(delivery).toContainText('Entregado', { timeout: 20_000 });
      await expect(delivery).toContainText('webhook.test');
      await expect(delivery).toContainText('204');
      await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('1');
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.verified).toBe(true);
      expect(receiver.received[0]?.body.type).toBe('webhook.test');

      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: test.info().outputPath('webhooks-tab.png'), fullPage: true });
      await expectNoAxeFindingsOnceSettled(page, 'the Webhooks tab');

      // «Reenviar»: a second attempt of the same delivery, the same body and delivery id.
      await delivery.getByRole('button', { name: 'Reenviar la entrega webhook.test' }).click();
      await expect(page.getByText('Entrega reenviada a la cola.')).toBeVisible();
      await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('2', { timeout: 20_000 });
      await expect(delivery).toContainText('Entregado');
      await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(2);
      expect(receiver.received[1]?.delivery).toBe(receiver.received[0]?.delivery);
      expect(receiver.received[1]?.raw).toBe(receiver.received[0]?.raw);
      expect(receiver.received[1]?.verified).toBe(true);

      // Deleting asks first.
      await row.getByRole('button', { name: `Borrar el webhook ${receiver.url('/hooks/e2e')}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('No se puede deshacer');
      await confirm.getByRole('button', { name: 'Borrar', exact: true }).click();
      await expect(page.getByText('Webhook borrado.')).toBeVisible();
      await expect(panel.getByText('Todavía no tienes ningún webhook.')).toBeVisible();
    } finally {
      await receiver.close();
    }
  });

  test('a business-owner plan sees which plan has webhooks, and the tab fits a phone', async ({ page, subscribe }) => {
    await subscribe('Básico');
    await expectAgencyOnlyTabOnPhone(page, { query: 'webhooks', upgradeTestId: 'webhooks-upgrade', addButton: 'Añadir webhook' });
  });
});
