import type { ActivityList } from '@rankmaps/shared/schemas/activity';
import { beforeAll, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { callTool, connectHttp, listening, newApiKey } from '../../../test/mcp-client';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';

// MCP has one route for every tool, so the tools that spend or share record themselves
// (docs/decisions.md §30.5): as the person who created the key, with the key and the address.

const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
beforeAll(() => container.seaIndex.ready(), 300_000);
const fx = rankmapFixtures(app, container);
const base = await listening(app);

it('records a scan and a share link made through MCP; a cost question records nothing', { timeout: 120_000 }, async () => {
  const owner = await fx.withKeyword('pro_agency');
  const { key } = await newApiKey(app, owner.headers);
  const client = await connectHttp(base, key);
  try {
    const asked = await callTool(client, 'run_scan', { keywordId: owner.keywordId });
    const cost = (asked.structured as { cost: number }).cost;
    const started = await callTool(client, 'run_scan', { keywordId: owner.keywordId, confirmCost: cost });
    expect(started.isError, started.text).toBe(false);
    const shared = await callTool(client, 'create_share_link', { scope: 'keyword', targetId: owner.keywordId });
    expect(shared.isError, shared.text).toBe(false);
    const res = await app.inject({ method: 'GET', url: '/api/activity?limit=100', headers: owner.headers });
    const mcp = res.json<ActivityList>().items.filter((e) => e.action === 'run_scan' || e.action === 'create_share_link');
    expect(mcp.map((e) => e.action)).toEqual(['create_share_link', 'run_scan']);
    expect(mcp[1]).toMatchObject({
      kind: 'scan',
      actor: { id: owner.user.id },
      target: { type: 'keyword', id: owner.keywordId, label: 'dentista' },
      details: { credits: cost },
      ip: '127.0.0.1',
    });
    expect(mcp[0]).toMatchObject({ kind: 'share', target: { type: 'shareLink' } });
    expect(mcp[0]?.summary).toBe(`${owner.user.name} creó un enlace para compartir desde un asistente (MCP).`);
  } finally {
    await client.close();
  }
});
