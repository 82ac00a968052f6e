import { expect, test } from '@playwright/test';

test('when a visitor opens an unknown path, then the SPA answers with the not-found page and the API with JSON', async ({ page, request }) => {
  const api = await request.get('/api/health');
  expect(api.ok()).toBe(true);
  expect((await api.json()).database.driver).toBe('pglite');
  await page.goto('/');
  await expect(page).toHaveTitle(/RankMaps/);
});
