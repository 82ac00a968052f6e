import type { AnalyzeResponse, RankMapResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { createTestApp } from '../../test/test-app';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';

describe('a scan through the real queue and worker (demo provider)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, balance } = rankmapFixtures(app, container);

  it('when a pro user starts a 7×7 analysis, then the worker completes it with progress, results, stats and competitors', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = await balance(user.id);
    const res = await analyze(headers, keywordId, { useWorker: true }, true);
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId, totalPoints } = res.json<AnalyzeResponse>();
    expect(totalPoints).toBe(49);

    const seen: RankMapStatusResponse[] = [];
    await expect
      .poll(
        async () => {
          const status = (await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}/status`, headers })).json<RankMapStatusResponse>();
          seen.push(status);
          return status.status;
        },
        { message: 'the analysis to finish', timeout: 30_000, interval: 100 },
      )
      .toMatch(/^(completed|failed)$/);
    expect(seen.at(-1)).toEqual({ status: 'completed', progress: 100, failureReason: null, waitingVendor: null });
    // Progress only moves forward.
    const progress = seen.map((s) => s.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const body = (await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}`, headers })).json<RankMapResponse>();
    expect(body.rankMap).toMatchObject({ status: 'completed', provider: 'demo', isDemo: true, failedPoints: 0, creditsCharged: 49, creditsRefunded: 0 });
    expect(body.results).toHaveLength(49);
    expect(new Set(body.results.map((r) => `${r.row},${r.col}`)).size).toBe(49);
    expect(body.results.every((r) => r.status === 'ok' && r.googleResults.length > 0)).toBe(true);
    const stats = body.rankMap.stats!;
    expect(stats.totalPoints).toBe(49);
    for (const v of [stats.geoRank, stats.localPackPercentage, stats.foundPercentage, stats.visibilityIndex]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    // The tracked business takes part in the demo market: it is found somewhere around its door.
    expect(stats.foundPoints).toBeGreaterThan(0);
    expect(body.results.filter((r) => r.businessAnalysis.found)).toHaveLength(stats.foundPoints);
    expect(body.competitorAnalysis!.competitors.some((c) => c.isOurBusiness)).toBe(true);
    expect(await balance(user.id)).toBe(before - 49);
  });
});
