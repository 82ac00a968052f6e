import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { MCP_TOOLS, type McpToolName, connectHttp, listening, newApiKey } from '../../test/mcp-client';
import { type McpWorld, createMcpWorld, rawToolCall } from '../../test/mcp-world';
import { sessions } from '../../test/sessions';
import { oauthTokens } from '../../test/oauth-flow';
import { TOKEN_REFUSALS } from '../modules/oauth/oauth-access';
import { hashSecret } from '../modules/oauth/oauth-secrets';
import { oauthTokens as oauthTokensTable } from '../db/oauth-schema';
import { createTestApp } from '../../test/test-app';
import { apiKeys } from '../db/api-keys-schema';
import { INVALID_API_KEY, MISSING_SCOPE } from '../modules/api-v1/api-key-auth';
import { MCP_TOOL_ACTIONS, type McpAction, isMcpOnlyAction, permissionFor, permissionsForTool } from '../modules/api-keys/key-permissions';
import { declarationOf } from '../plugins/route-declaration';

// The MCP column of the authorization matrix (docs/decisions.md §26.5): every tool × {no key,
// revoked key or OAuth token, another user's key or token on this user's ids, a key without the
// tool's permission, the owner's key and token (docs/decisions.md §33)}. A tool's permission is the one THE permission table (key-permissions.ts) gives the
// /api/v1 actions it performs, as for the routes. The table below names each tool's arguments
// and outcomes; the first tests fail when the server registers a tool that this table or the
// permission table does not describe.

type Ids = McpWorld['ids'];
type Structured = Record<string, unknown>;

interface ToolRow {
  args: (ids: Ids) => Record<string, unknown>;
  /** Another user's key with these ids: "not found" with this code, or (no ids) only its own data. */
  intruder: { notFound: string } | { ownOnly: (s: Structured) => void };
  /** What the owner's key gets. */
  owner: (s: Structured, ids: Ids) => void;
}

const TOOLS: Record<McpToolName, ToolRow> = {
  list_places: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toEqual({ places: [], nextCursor: null }) },
    owner: (s, ids) => expect(s).toMatchObject({ places: [{ id: ids.placeId }] }),
  },
  list_keywords: {
    args: (ids) => ({ placeId: ids.placeId }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ keywords: [{ id: ids.keywordId }] }),
  },
  get_latest_analysis: {
    args: (ids) => ({ keywordId: ids.keywordId }),
    intruder: { notFound: 'KEYWORD_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ analysis: { id: ids.analysisId, status: 'completed' } }),
  },
  get_scan_status: {
    args: (ids) => ({ analysisId: ids.analysisId }),
    intruder: { notFound: 'ANALYSIS_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ analysis: { id: ids.analysisId, status: 'completed' } }),
  },
  run_scan: {
    // Without confirmCost: the owner gets the cost and nothing is spent.
    args: (ids) => ({ keywordId: ids.keywordId }),
    intruder: { notFound: 'KEYWORD_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ status: 'confirmation_required', cost: ids.validPoints, analysis: null }),
  },
  compare_analyses: {
    args: (ids) => ({ analysisId: ids.analysisId, otherAnalysisId: ids.otherAnalysisId }),
    intruder: { notFound: 'RANKMAP_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ current: { id: ids.analysisId }, reference: { id: ids.otherAnalysisId } }),
  },
  get_portfolio: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ rows: [], total: 0 }) },
    owner: (s, ids) => expect(s).toMatchObject({ total: 1, rows: [{ keyword: { id: ids.keywordId } }] }),
  },
  create_share_link: {
    args: (ids) => ({ scope: 'analysis', targetId: ids.analysisId }),
    intruder: { notFound: 'NOT_FOUND' },
    owner: (s) => expect(s).toMatchObject({ link: { scope: 'analysis', state: 'active' } }),
  },
  get_credits: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ credits: { plan: 'pro_starter' } }) },
    owner: (s) => expect(s).toMatchObject({ credits: { plan: 'pro_agency' }, forecast: { billing: 'credits' } }),
  },
  get_heatmap: {
    args: (ids) => ({ analysisId: ids.analysisId }),
    intruder: { notFound: 'RANKMAP_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ analysisId: ids.analysisId, dataLabel: 'demo' }),
  },
  // Reviews and listing changes (docs/decisions.md §32.7): the owner's demo Business Profile connection.
  list_reviews: {
    args: (ids) => ({ placeId: ids.placeId }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s) => expect((s.items as unknown[]).length).toBeGreaterThan(0),
  },
  reply_to_review: {
    args: (ids) => ({ placeId: ids.placeId, reviewId: ids.reviewId, comment: 'Gracias por tu reseña.' }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s, ids) =>
      expect(s).toMatchObject({ status: 'confirmation_required', comment: 'Gracias por tu reseña.', review: { id: ids.reviewId } }),
  },
  list_listing_changes: {
    args: (ids) => ({ placeId: ids.placeId }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s) => expect(s).toMatchObject({ items: [], nextCursor: null }),
  },
  // Issue 32's second half (docs/decisions.md §33.6). Spending and creating tools are called
  // without confirm: they answer what they would do, so every caller gets the same answer.
  get_place: {
    args: (ids) => ({ placeId: ids.placeId }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ place: { id: ids.placeId } }),
  },
  search_places: {
    args: () => ({ query: 'dentista Málaga' }),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ suggestions: expect.any(Array) }) },
    owner: (s) => expect((s as { suggestions: unknown[] }).suggestions.length).toBeGreaterThan(0),
  },
  add_place: {
    args: () => ({ googlePlaceId: 'demo-malaga-dentista-2' }),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ status: 'confirmation_required', place: null }) },
    owner: (s) => expect(s).toMatchObject({ status: 'confirmation_required', gridSize: 7, place: null }),
  },
  add_keywords: {
    // The place's own keyword again: skipped, so every caller gets the same answer and the world stays as it is (mcp-tools.api.test.ts adds new ones).
    args: (ids) => ({ placeId: ids.placeId, keywords: ['dentista'] }),
    intruder: { notFound: 'PLACE_NOT_FOUND' },
    owner: (s) => expect(s).toEqual({ created: [], skipped: [{ keyword: 'dentista', reason: expect.any(String) }] }),
  },
  get_analysis_points: {
    args: (ids) => ({ analysisId: ids.analysisId }),
    intruder: { notFound: 'RANKMAP_NOT_FOUND' },
    owner: (s, ids) => expect((s as { points: unknown[] }).points).toHaveLength(ids.validPoints),
  },
  list_campaigns: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect((s as { campaigns: { kind: string }[] }).campaigns.filter((c) => c.kind === 'custom')).toEqual([]) },
    owner: (s, ids) => expect((s as { campaigns: { id: string }[] }).campaigns.map((c) => c.id)).toContain(ids.campaignId),
  },
  create_campaign: {
    args: (ids) => ({ name: 'Nueva MCP', frequency: 'daily', hour: 8, keywordIds: [ids.keywordId] }),
    intruder: { notFound: 'KEYWORD_NOT_FOUND' },
    owner: (s) => expect(s).toMatchObject({ status: 'confirmation_required', preview: { roundAnalyses: 1 }, campaign: null }),
  },
  pause_campaign: {
    args: (ids) => ({ campaignId: ids.campaignId }),
    intruder: { notFound: 'CAMPAIGN_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ campaign: { id: ids.campaignId } }),
  },
  resume_campaign: {
    args: (ids) => ({ campaignId: ids.campaignId }),
    intruder: { notFound: 'CAMPAIGN_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ campaign: { id: ids.campaignId } }),
  },
  list_share_links: {
    args: (ids) => ({ scope: 'analysis', targetId: ids.analysisId }),
    intruder: { notFound: 'NOT_FOUND' },
    owner: (s) => expect(s).toMatchObject({ links: expect.any(Array) }),
  },
  get_report_pdf: {
    args: (ids) => ({ scope: 'analysis', targetId: ids.analysisId }),
    intruder: { notFound: 'RANKMAP_NOT_FOUND' },
    owner: (s) => expect((s as { bytes: number }).bytes).toBeGreaterThan(1000),
  },
  list_alerts: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ alerts: expect.any(Array), page: 1 }) },
    owner: (s) => expect(s).toMatchObject({ alerts: expect.any(Array), page: 1 }),
  },
  mark_alerts_read: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ marked: expect.any(Number) }) },
    owner: (s) => expect(s).toMatchObject({ marked: expect.any(Number) }),
  },
  run_ai_visibility: {
    args: (ids) => ({ keywordId: ids.keywordId, engines: ['google-ai-mode'], gridSize: 3, samples: 3 }),
    intruder: { notFound: 'KEYWORD_NOT_FOUND' },
    owner: (s) => expect(s).toMatchObject({ status: 'confirmation_required', quote: { dryRun: true, gridSize: 3 }, analysis: null }),
  },
  get_ai_visibility: {
    args: (ids) => ({ aiAnalysisId: ids.aiAnalysisId, points: true }),
    intruder: { notFound: 'AI_ANALYSIS_NOT_FOUND' },
    owner: (s, ids) => expect(s).toMatchObject({ analysis: { id: ids.aiAnalysisId }, points: expect.any(Object) }),
  },
  list_activity: {
    args: () => ({}),
    intruder: { ownOnly: (s) => expect(s).toMatchObject({ items: expect.any(Array) }) },
    owner: (s) => expect((s as { items: unknown[] }).items.length).toBeGreaterThan(0),
  },
};

/** The same arguments with every id replaced by one that nobody owns. */
const withMissingIds = (args: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      /Id$/.test(k) ? randomUUID() : /Ids$/.test(k) && Array.isArray(v) ? v.map(() => randomUUID()) : v,
    ]),
  );

describe('MCP authorization: every tool × every kind of caller', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '10000' });
  const base = await listening(app);
  let world: McpWorld;
  let intruderKey: string;
  let revokedKey: string;
  let intruderToken: string;
  let revokedToken: string;
  beforeAll(async () => {
    await container.seaIndex.ready();
    world = await createMcpWorld(app, container);
    const intruder = await sessions(app, container).signedIn('pro_starter');
    intruderKey = (await newApiKey(app, intruder.headers)).key;
    intruderToken = (await oauthTokens(app, intruder.headers, intruder.user.id)).accessToken;
    const connected = await oauthTokens(app, world.headers, world.userId);
    revokedToken = connected.accessToken;
    const [grant] = await container.database.db
      .select({ id: oauthTokensTable.grantId })
      .from(oauthTokensTable)
      .where(eq(oauthTokensTable.tokenHash, hashSecret(revokedToken)));
    expect((await app.inject({ method: 'DELETE', url: `/api/oauth/grants/${grant?.id ?? ''}`, headers: world.headers })).statusCode).toBe(
      200,
    );
    const revoked = await newApiKey(app, world.headers);
    const res = await app.inject({ method: 'DELETE', url: `/api/api-keys/${revoked.apiKey.id}`, headers: world.headers });
    expect(res.statusCode).toBe(200);
    revokedKey = revoked.key;
  }, 300_000);

  it('when the tools are listed, then each one has a row in this table and no row is left over', async () => {
    const client = await connectHttp(base, world.keys.both);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    await client.close();
    expect(names).toEqual(Object.keys(TOOLS).sort());
    expect(names).toEqual([...MCP_TOOLS]);
  });

  const rows = Object.entries(TOOLS) as [McpToolName, ToolRow][];

  it('when the tools are listed, then each one performs actions of the permission table, each the operationId of a v1 route with that permission', async () => {
    const client = await connectHttp(base, world.keys.both);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    await client.close();
    expect(names).toEqual(Object.keys(MCP_TOOL_ACTIONS).sort());
    const v1 = new Map(
      [...app.routeTable]
        .filter((r) => r.url.startsWith('/api/v1/'))
        .flatMap((r) => {
          const d = declarationOf(r);
          return d ? [[d.operationId, d] as const] : [];
        }),
    );
    for (const [tool, actions] of Object.entries(MCP_TOOL_ACTIONS)) {
      expect(actions.length, tool).toBeGreaterThan(0);
      for (const action of actions as readonly McpAction[]) {
        // An MCP-only action (docs/decisions.md §33.6) has no v1 route; every other is a v1 route's operationId with that permission.
        if (isMcpOnlyAction(action)) expect(v1.has(action), `${tool} → ${action} is also a v1 route`).toBe(false);
        else expect(v1.get(action)?.access, `${tool} → ${action}`).toEqual({ kind: 'apiKey', scope: permissionFor(action) });
      }
    }
    // The defect this table closed: publishing a permanent public report is a write, on MCP as on REST.
    expect(permissionsForTool('create_share_link')).toEqual(['scans']);
  });

  it('when GET or DELETE /mcp is called, then 405 with a JSON-RPC error in Spanish: there are no sessions or streams', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(new URL('/mcp', base), {
        method,
        headers: { authorization: `Bearer ${world.keys.both}`, accept: 'text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'METHOD_NOT_ALLOWED' } } });
    }
  });

  it('when the owner’s plan no longer has the API, then /mcp answers 403 with a JSON-RPC error naming the plan, and works again when it does', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const { key } = await newApiKey(app, owner.headers, ['read']);
    const override = (type: string) =>
      app.inject({
        method: 'PUT',
        url: '/api/user/dev-params',
        headers: owner.headers,
        payload: { planLimits: { type, places: 1, keywords: 3, credits: 0 }, subscriptionCredits: 0, extraCredits: 0 },
      });
    expect((await override('basic')).statusCode).toBe(200);
    const refused = await rawToolCall(base, key, 'list_places', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32003, message: 'Para usar la API necesitas el plan Starter.', data: { code: 'UPGRADE_REQUIRED' } },
    });
    expect((await override('pro')).statusCode).toBe(200);
    expect((await rawToolCall(base, key, 'list_places', {})).body?.result?.structuredContent).toEqual({ places: [], nextCursor: null });
  });

  it('when a new key’s first calls are refused by the tools, then its last use stays empty; the first answered call stamps it', async () => {
    const { key, apiKey } = await newApiKey(app, world.headers, ['read']);
    const lastUsed = async () =>
      (await container.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, apiKey.id)))[0]?.at ?? null;
    expect((await rawToolCall(base, key, 'run_scan', { keywordId: world.ids.keywordId })).body?.result).toMatchObject({
      isError: true,
      _meta: { code: 'MISSING_SCOPE' },
    });
    expect((await rawToolCall(base, key, 'get_scan_status', { analysisId: randomUUID() })).body?.result).toMatchObject({ isError: true });
    expect((await rawToolCall(base, key, 'no_existe', {})).body?.result).toMatchObject({ isError: true, _meta: { code: 'UNKNOWN_TOOL' } });
    expect(await lastUsed()).toBeNull();
    expect((await rawToolCall(base, key, 'list_places', {})).body?.result?.isError).not.toBe(true);
    expect(await lastUsed()).toBeInstanceOf(Date);
  });

  it.each(rows)(
    '%s: when called without a key or with a revoked one, then 401 with a JSON-RPC error in Spanish and no tool runs',
    async (name, row) => {
      for (const key of [null, revokedKey, 'rmk_no-es-una-clave', 'x'.repeat(500)]) {
        const res = await rawToolCall(base, key, name, row.args(world.ids));
        expect(res.status, String(key).slice(0, 20)).toBe(401);
        expect(res.body).toEqual({
          jsonrpc: '2.0',
          id: null,
          error: { code: -32001, message: INVALID_API_KEY, data: { code: 'INVALID_API_KEY' } },
        });
      }
      // The same over OAuth (docs/decisions.md §33.2): a revoked or unknown token, with the RFC 9728 challenge.
      for (const [token, message] of [
        [revokedToken, TOKEN_REFUSALS.revoked],
        ['rmo_at_no-es-un-token', TOKEN_REFUSALS.unknown],
      ] as const) {
        const res = await rawToolCall(base, token, name, row.args(world.ids));
        expect(res.status, token.slice(0, 12)).toBe(401);
        expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32001, message, data: { code: 'INVALID_TOKEN' } } });
      }
    },
  );

  it.each(rows)(
    '%s: when another user’s key or OAuth token names this user’s ids, then it gets "not found" as for a missing id, or only its own data',
    async (name, row) => {
      for (const intruder of [intruderKey, intruderToken]) await intruderCall(name, row, intruder);
    },
  );

  const intruderCall = async (name: McpToolName, row: ToolRow, intruderKey: string) => {
    {
      const res = await rawToolCall(base, intruderKey, name, row.args(world.ids));
      expect(res.status).toBe(200);
      const result = res.body?.result;
      if ('notFound' in row.intruder) {
        expect(result).toMatchObject({ isError: true, _meta: { code: row.intruder.notFound } });
        const missing = await rawToolCall(base, intruderKey, name, withMissingIds(row.args(world.ids)));
        expect(missing.body?.result).toEqual(result);
        const asOwner = await rawToolCall(base, world.keys.both, name, withMissingIds(row.args(world.ids)));
        expect(asOwner.body?.result).toEqual(result);
      } else {
        expect(result?.isError, res.text).not.toBe(true);
        row.intruder.ownOnly(result?.structuredContent as Structured);
        expect(res.text).not.toContain(world.ids.placeId);
        expect(res.text).not.toContain(world.ids.keywordId);
      }
    }
  };

  it.each(rows)(
    '%s: when the key lacks the permission the table gives the tool, then a tool error in Spanish (MISSING_SCOPE); with only that permission, the owner’s answer',
    async (name, row) => {
      const needed = permissionsForTool(name);
      const missing = needed.includes('scans') ? 'scans' : 'read';
      const without = missing === 'scans' ? world.keys.read : world.keys.scans;
      const refused = await rawToolCall(base, without, name, row.args(world.ids));
      expect(refused.status).toBe(200);
      expect(refused.body?.result).toMatchObject({
        isError: true,
        content: [{ text: MISSING_SCOPE(missing) }],
        _meta: { code: 'MISSING_SCOPE' },
      });
      const scoped = needed.length === 2 ? world.keys.both : needed[0] === 'scans' ? world.keys.scans : world.keys.read;
      const allowed = await rawToolCall(base, scoped, name, row.args(world.ids));
      expect(allowed.body?.result?.isError, allowed.text).not.toBe(true);
      row.owner(allowed.body?.result?.structuredContent as Structured, world.ids);
    },
  );

  it.each(rows)(
    '%s: when the owner’s key with both scopes, or the owner’s OAuth token, calls it, then it answers text and structured content',
    async (name, row) => {
      for (const credential of [world.keys.both, world.oauth]) {
        const client = await connectHttp(base, credential);
        const result = await client.callTool({ name, arguments: row.args(world.ids) });
        await client.close();
        expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
        row.owner(result.structuredContent as Structured, world.ids);
        expect((result.content as { type: string; text: string }[])[0]?.text).toContain(JSON.stringify(result.structuredContent, null, 2));
      }
    },
  );
});

describe('MCP per-key rate limit', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '3' });
  const base = await listening(app);

  it('when a key spends its minute on /api/v1 and /mcp together, then the next MCP call is 429 with a JSON-RPC error and Retry-After', async () => {
    const { headers } = await sessions(app, container).signedIn('pro_agency');
    const { key } = await newApiKey(app, headers, ['read']);
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'GET', url: '/api/v1/credits', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(
        200,
      );
    expect((await rawToolCall(base, key, 'get_credits', {})).status).toBe(200);
    const res = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_credits', arguments: {} } }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32029,
        message: 'Has superado el límite de peticiones de esta clave de API. Espera al siguiente minuto.',
        data: { code: 'RATE_LIMITED' },
      },
    });
  });
});
