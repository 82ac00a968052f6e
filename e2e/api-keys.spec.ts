import { createRankMapsClient } from '@rankmaps/client';
import { expect, test } from './fixtures/test';
import { expectAgencyOnlyTabOnPhone } from './support';

// API keys (issue 19, docs/api.md): an agency creates a key in the profile's «API» tab, sees it
// once, uses it against /api/v1, revokes it after a confirmation, and the same call is refused.

test.describe('API keys', () => {
  test('an agency on Starter creates a key, sees it once, uses it on /api/v1, revokes it, and the key stops working', async ({ page, baseUrl, subscribe }) => {
    await subscribe('Starter');
    await page.goto('/profile?tab=api');
    await expect(page.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByTestId('api-keys');
    await expect(panel.getByText('Todavía no tienes ninguna clave de API.')).toBeVisible();
    // The same key serves AI assistants through the MCP server (docs/mcp.md).
    await expect(panel.getByText(`Los asistentes de IA compatibles con MCP (Claude, Cursor…) usan la misma clave: conéctalos a ${new URL(page.url()).origin}/mcp con la misma cabecera.`)).toBeVisible();

    await panel.getByRole('button', { name: 'Crear clave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva clave de API' });
    // No name: the form says so and sends nothing.
    await dialog.getByRole('button', { name: 'Crear clave' }).click();
    await expect(dialog.getByText('El nombre de la clave debe tener entre 1 y 60 caracteres.')).toBeVisible();
    await dialog.getByLabel('Nombre').fill('Looker Studio');
    await dialog.getByRole('button', { name: 'Crear clave' }).click();

    const shown = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
    await expect(shown.getByText('no volverá a mostrarse')).toBeVisible();
    const key = await shown.getByTestId('api-key-value').inputValue();
    expect(key).toMatch(/^rmk_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByRole('button', { name: 'Copiar' })).toBeVisible();
    await shown.getByRole('button', { name: 'Ya la he guardado' }).click();
    await expect(shown).toHaveCount(0);

    // Listed by its prefix only, active, never used.
    const row = panel.getByTestId('api-key-row').filter({ hasText: 'Looker Studio' });
    await expect(row).toContainText(`${key.slice(0, 12)}…`);
    await expect(row).toContainText('Activa');
    await expect(row).toContainText('sin usar todavía');
    await expect(panel).not.toContainText(key.slice(12));

    const call = () => createRankMapsClient({ baseUrl, apiKey: key }).GET('/api/v1/places');
    const ok = await call();
    expect(ok.response.status).toBe(200);
    expect(ok.data).toEqual({ data: [], nextCursor: null });
    expect(ok.response.headers.get('ratelimit-limit')).toBeTruthy();

    // Revoking asks first; cancelling keeps the key.
    await row.getByRole('button', { name: 'Revocar la clave «Looker Studio»' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('dejará de funcionar al momento');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row).toContainText('Activa');
    await row.getByRole('button', { name: 'Revocar la clave «Looker Studio»' }).click();
    await confirm.getByRole('button', { name: 'Revocar', exact: true }).click();
    await expect(page.getByText('Clave «Looker Studio» revocada.')).toBeVisible();
    await expect(row).toContainText('Revocada');
    await expect(row).toContainText(/último uso el/);

    const refused = await call();
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: 'Clave de API no válida o revocada.', code: 'INVALID_API_KEY' });
  });

  test('a business-owner plan sees which plan has API keys, and the tab fits a phone', async ({ page, subscribe }) => {
    await subscribe('Básico');
    await expectAgencyOnlyTabOnPhone(page, { query: 'api', upgradeTestId: 'api-keys-upgrade', addButton: 'Crear clave' });
  });
});
