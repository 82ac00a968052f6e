import { expect, test } from './fixtures/test';

test('when a visitor opens an unknown path, then the SPA answers with the not-found page and the API with JSON', async ({ page, api }) => {
  const health = await api.GET('/api/health');
  expect(health.response.ok).toBe(true);
  expect(health.data!.database.driver).toBe('pglite');
  await page.goto('/');
  await expect(page).toHaveTitle(/RankMaps/);
});
