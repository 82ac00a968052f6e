import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { MCP_TOOLS, callTool, connectHttp, listening, newApiKey, stdioBridgeClient } from '../../test/mcp-client';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { createTestApp } from '../../test/test-app';
import { rankMaps } from '../db/rankmaps-schema';
import { shareLinks } from '../db/share-links-schema';

// The MCP server end to end with the official client SDK (docs/mcp.md): over streamable HTTP
// to the app listening on a port, and over stdio through `npm run mcp:stdio` spawned as a
// child process, which forwards to that same /mcp (docs/decisions.md §26.5). The scan
// workers run, so a scan started through a tool completes.

describe('the MCP server end to end (official client SDK)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '10000' }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { withKeyword, balance } = rankmapFixtures(app, container);
  const base = await listening(app);
  const clients: Client[] = [];
  afterAll(async () => {
    for (const c of clients) await c.close();
  });

  /** Runs a scan through the tools: the cost first (nothing spent), then confirmed, then polled until it completes. */
  const scanThrough = async (client: Client, userId: string, keywordId: string) => {
    const before = await balance(userId);
    const analysesBefore = (await db.select().from(rankMaps).where(eq(rankMaps.keywordId, keywordId))).length;
    const asked = await callTool(client, 'run_scan', { keywordId });
    expect(asked.isError, asked.text).toBe(false);
    expect(asked.structured).toMatchObject({ status: 'confirmation_required', analysis: null, availableCredits: before });
    const cost = asked.structured?.cost as number;
    expect(cost).toBe(49);
    expect(asked.text).toContain(`confirmCost: ${cost}`);
    const wrong = await callTool(client, 'run_scan', { keywordId, confirmCost: cost - 1 });
    expect(wrong.structured).toMatchObject({ status: 'confirmation_required', cost });
    expect(await balance(userId)).toBe(before);
    expect(await db.select().from(rankMaps).where(eq(rankMaps.keywordId, keywordId))).toHaveLength(analysesBefore);

    const started = await callTool(client, 'run_scan', { keywordId, confirmCost: cost });
    expect(started.isError, started.text).toBe(false);
    expect(started.structured).toMatchObject({ status: 'started', cost, availableCredits: before - cost, analysis: { keywordId, creditsCharged: cost } });
    expect(await balance(userId)).toBe(before - cost);
    const analysisId = (started.structured?.analysis as { id: string }).id;
    await expect
      .poll(async () => ((await callTool(client, 'get_scan_status', { analysisId })).structured?.analysis as { status: string }).status, {
        message: 'the analysis to finish',
        timeout: 60_000,
        interval: 200,
      })
      .toMatch(/^(completed|failed)$/);
    const done = await callTool(client, 'get_scan_status', { analysisId });
    expect(done.structured?.analysis).toMatchObject({ id: analysisId, status: 'completed', progress: 100, gridPoints: 49 });
    expect((done.structured?.analysis as { metrics: { totalPoints: number } }).metrics.totalPoints).toBe(49);
    return analysisId;
  };

  it('when a client connects over streamable HTTP, then it lists the tools, runs and polls scans, compares them and gets a share link', { timeout: 180_000 }, async () => {
    const { user, headers, placeId, keywordId } = await withKeyword('pro_agency', 'demo-madrid-dentista-1', MADRID);
    const { key } = await newApiKey(app, headers);
    const client = await connectHttp(base, key);
    clients.push(client);

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...MCP_TOOLS]);
    for (const t of tools) {
      expect(t.description, t.name).toMatch(/^ES: .+\nEN: .+/s);
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
    }

    expect((await callTool(client, 'list_places')).structured).toMatchObject({ places: [{ id: placeId }], nextCursor: null });
    expect((await callTool(client, 'list_keywords', { placeId })).structured).toMatchObject({ keywords: [{ id: keywordId, name: 'dentista' }] });
    expect((await callTool(client, 'get_latest_analysis', { keywordId })).structured).toEqual({ analysis: null });

    const first = await scanThrough(client, user.id, keywordId);
    const second = await scanThrough(client, user.id, keywordId);

    const latest = await callTool(client, 'get_latest_analysis', { keywordId });
    expect((latest.structured?.analysis as { id: string }).id).toBe(second);
    expect(latest.text).toContain('GeoRank');

    // Results by point: the points of GET /api/v1/analyses/{id}/results, in the same shape and
    // order (one builder, rankmap-points.service.ts).
    const byPoint = await callTool(client, 'get_analysis_points', { analysisId: second });
    expect(byPoint.isError, byPoint.text).toBe(false);
    const points = byPoint.structured?.points as { pointIndex: number; rank: number | null; inLocalPack: boolean }[];
    expect(points.map((p) => p.pointIndex)).toEqual([...points.map((p) => p.pointIndex)].sort((a, b) => a - b));
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p.inLocalPack).toBe(p.rank !== null && p.rank <= 3);
    const results = await app.inject({ method: 'GET', url: `/api/v1/analyses/${second}/results?limit=100`, headers: { authorization: `Bearer ${key}` } });
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json()).toEqual({ data: points, nextCursor: null });

    const compared = await callTool(client, 'compare_analyses', { analysisId: second, otherAnalysisId: first });
    expect(compared.isError, compared.text).toBe(false);
    expect(compared.structured).toMatchObject({ current: { id: second }, reference: { id: first }, points: { sameGrid: true } });
    const counts = (compared.structured?.points as { counts: Record<string, number> }).counts;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(49);
    expect((compared.structured?.metrics as { key: string }[]).map((m) => m.key)).toContain('geoRank');

    // The heat map as an image block the assistant can show, and the same figures as text.
    const map = (await client.callTool({ name: 'get_heatmap', arguments: { analysisId: second } })) as CallToolResult;
    expect(map.isError ?? false).toBe(false);
    const image = map.content.find((c) => c.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const png = Buffer.from((image as { data: string }).data, 'base64');
    expect(png.length).toBeLessThanOrEqual(200 * 1024);
    const decoded = await sharp(png).metadata();
    expect(decoded).toMatchObject({ format: 'png' });
    expect(decoded.width).toBeGreaterThanOrEqual(600);
    expect(map.structuredContent).toMatchObject({ analysisId: second, keyword: 'dentista', gridSize: 7, dataLabel: 'demo', imageBytes: png.length });
    expect(map.content.find((c) => c.type === 'text')).toMatchObject({ text: expect.stringContaining('GeoRank') });

    const shared = await callTool(client, 'create_share_link', { scope: 'analysis', targetId: second });
    expect(shared.isError, shared.text).toBe(false);
    const link = shared.structured?.link as { id: string; url: string; state: string; expiresAt: string };
    expect(link).toMatchObject({ scope: 'analysis', state: 'active' });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/informe\/[A-Za-z0-9_-]{43}$/);
    expect(await db.select().from(shareLinks).where(eq(shareLinks.id, link.id))).toMatchObject([{ userId: user.id, rankMapId: second }]);
    // The public report opens with the token the tool handed out.
    const token = link.url.split('/').at(-1);
    expect((await app.inject({ method: 'GET', url: `/api/share/${token}` })).statusCode).toBe(200);

    const portfolio = await callTool(client, 'get_portfolio');
    expect(portfolio.structured).toMatchObject({ total: 1, rows: [{ keyword: { id: keywordId }, latestRankMapId: second, state: 'completed' }] });
    const credits = await callTool(client, 'get_credits');
    expect(credits.structured).toMatchObject({ credits: { plan: 'pro_agency', total: await balance(user.id) }, forecast: { billing: 'credits' } });
  });

  it('when a desktop client starts `npm run mcp:stdio`, then the same tools run over stdio: a scan, its status, a comparison and a share link', { timeout: 180_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_agency', 'demo-madrid-dentista-1', MADRID);
    const { key } = await newApiKey(app, headers);
    const { client, transport } = stdioBridgeClient(base, key);
    await client.connect(transport);
    clients.push(client);

    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...MCP_TOOLS]);
    const first = await scanThrough(client, user.id, keywordId);
    const second = await scanThrough(client, user.id, keywordId);
    const compared = await callTool(client, 'compare_analyses', { analysisId: second, otherAnalysisId: first });
    expect(compared.structured).toMatchObject({ current: { id: second }, reference: { id: first } });
    const shared = await callTool(client, 'create_share_link', { scope: 'keyword', targetId: keywordId, expiresInDays: 90 });
    expect(shared.structured?.link).toMatchObject({ scope: 'keyword', state: 'active' });
    // A refusal crosses stdio as the server wrote it: another user's id is "not found".
    const missing = await callTool(client, 'get_scan_status', { analysisId: '00000000-0000-4000-8000-000000000000' });
    expect(missing).toMatchObject({ isError: true, text: 'Análisis no encontrado.', code: 'ANALYSIS_NOT_FOUND' });
  });

  it('when the stdio bridge runs with a revoked key, then the client is refused with the server’s Spanish message', { timeout: 60_000 }, async () => {
    const { headers } = await withKeyword('pro_agency', 'demo-madrid-dentista-1', MADRID);
    const { key, apiKey } = await newApiKey(app, headers);
    expect((await app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers })).statusCode).toBe(200);
    const { client, transport } = stdioBridgeClient(base, key);
    await expect(client.connect(transport)).rejects.toThrow('Clave de API no válida o revocada.');
    await client.close();
  });
});
