import { type Page, expect } from '@playwright/test';
import type { SessionClient } from './fixtures/session-client';

// A finished demo analysis of a chosen grid size, set up through the session API (the grid,
// the keyword, the scan) rather than the editor, so e2e/agency-first-week.spec.ts and
// scripts/heat-map-screenshots.ts reach a 25×25 map quickly. The user must have a plan
// whose grid goes that far (Enterprise for 25×25).

/** Sets the place's grid to `gridSize` points a side, adds `keyword` and starts its scan; answers the keyword page's path and the analysis, still running. */
export async function startGridScan(api: SessionClient, placeId: string, gridSize: number, keyword: string): Promise<{ path: string; rankMapId: string }> {
  const place = await api.GET('/api/place/{id}', { params: { path: { id: placeId } } });
  expect(place.response.status).toBe(200);
  const { radius, coordinates } = place.data!.matrixConfig;
  const grid = await api.PUT('/api/place/{id}/matrix', { params: { path: { id: placeId } }, body: { gridSize, radius, coordinates } });
  expect(grid.response.status).toBe(200);
  const created = await api.POST('/api/keyword', { body: { name: keyword, placeId } });
  expect(created.response.status).toBe(201);
  const keywordId = created.data!._id;
  const scan = await api.POST('/api/rankmap/keyword/{keywordId}/analyze', { params: { path: { keywordId } }, body: {} });
  expect(scan.response.status).toBe(201);
  return { path: `/rankmap/${placeId}/keyword/${keywordId}`, rankMapId: scan.data!.rankMapId };
}

/** Waits for a scan to finish. The demo search answers each point in DEMO_SEARCH_LATENCY_MS, two at a time: 625 points take about 80 s. */
export async function scanFinished(api: SessionClient, rankMapId: string): Promise<void> {
  await expect
    .poll(async () => (await api.GET('/api/rankmap/{id}/status', { params: { path: { id: rankMapId } } })).data?.status, {
      timeout: 300_000,
      intervals: [2_000],
    })
    .toBe('completed');
}

/** Sets the place's grid to `gridSize` points a side, adds `keyword` and scans it; answers the keyword page's path once the scan has finished. */
export async function analysedGrid(api: SessionClient, placeId: string, gridSize: number, keyword: string): Promise<string> {
  const { path, rankMapId } = await startGridScan(api, placeId, gridSize, keyword);
  await scanFinished(api, rankMapId);
  return path;
}

/** Opens a keyword's results and waits for every marker of its `gridSize`×`gridSize` map. */
export async function openResults(page: Page, path: string, gridSize: number): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.rm-result-marker')).toHaveCount(gridSize * gridSize, { timeout: 30_000 });
}
