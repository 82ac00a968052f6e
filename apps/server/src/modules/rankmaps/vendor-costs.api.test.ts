import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { rankMapsRepository } from './rankmaps.repository';
import { formatVendorCosts, vendorCostsSince } from './vendor-costs.repository';

// The operators' cost report behind `npm run costs` (docs/operations.md "Vendor costs").
describe('vendor costs report', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze } = rankmapFixtures(app, container);
  const db = container.database.db;

  it('when analyses end on different days, then their costs are summed by day, user, provider and queue, from the date asked', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await analyze(headers, keywordId)).json<AnalyzeResponse>().rankMapId);
    const end = (id: string, day: string, usd: number, queue: 'live' | 'standard') =>
      rankMapsRepository.update(db, id, { status: 'completed', completedAt: new Date(`${day}T10:00:00Z`), vendorCostUsd: usd, vendorQueue: queue, provider: 'dataforseo' });
    await end(ids[0]!, '2026-10-31', 1.25, 'live');
    await end(ids[1]!, '2026-11-02', 0.375, 'standard');
    await end(ids[2]!, '2026-11-02', 0.375, 'standard');

    const lines = (await vendorCostsSince(db, new Date('2026-11-01T00:00:00Z'))).filter((l) => l.email === user.email);
    expect(lines).toEqual([{ day: '2026-11-02', email: user.email, provider: 'dataforseo', queue: 'standard', analyses: 2, points: 98, usd: 0.75 }]);
    const table = formatVendorCosts(lines);
    expect(table.split('\n')[0]).toBe('día\tusuario\tproveedor\tcola\tanálisis\tpuntos\tusd');
    expect(table.split('\n').at(-1)).toBe('total\t\t\t\t2\t98\t0.7500');
  });
});
