import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container';
import { runScan } from '../src/modules/rankmaps/scan/scan.service';
import { newApiKey } from './mcp-client';
import { oauthTokens } from './oauth-flow';
import { MALAGA, rankmapFixtures } from './rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from './scan-doubles';

// A user for the MCP authorization and fuzz tests: a pro plan, a place, a keyword and two
// completed analyses of it (scanned in-process with the scripted provider, no workers), and
// API keys of each kind, and an OAuth access token of the owner.

export interface McpWorld {
  userId: string;
  headers: Record<string, string>;
  ids: {
    placeId: string;
    keywordId: string;
    analysisId: string;
    otherAnalysisId: string;
    /** The place grid's valid points: what a scan costs. */
    validPoints: number;
    /** A weekly campaign of the keyword, and an AI-visibility analysis of it (pending: no workers run). */
    campaignId: string;
    aiAnalysisId: string;
    /** A demo review of the place (docs/decisions.md §32.4). */
    reviewId: string;
  };
  keys: { both: string; read: string; scans: string };
  /** An OAuth access token of the owner in their workspace (docs/decisions.md §33): acts with the owner's role, both key permissions. */
  oauth: string;
}

export async function createMcpWorld(app: FastifyInstance, container: Container): Promise<McpWorld> {
  const { withKeyword, analyze, validPoints } = rankmapFixtures(app, container);
  const { user, headers, placeId, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
  const completed = async () => {
    const res = await analyze(headers, keywordId);
    if (res.statusCode !== 201) throw new Error(`mcp world: analyze → ${res.statusCode} ${res.body}`);
    const id = res.json<{ rankMapId: string }>().rankMapId;
    const outcome = await runScan(fastScanDeps(container, scriptedProvider().provider), id);
    if (outcome !== 'completed') throw new Error(`mcp world: the analysis ended ${outcome}`);
    return id;
  };
  const otherAnalysisId = await completed();
  const analysisId = await completed();
  const keys = {
    both: (await newApiKey(app, headers, ['read', 'scans'])).key,
    read: (await newApiKey(app, headers, ['read'])).key,
    scans: (await newApiKey(app, headers, ['scans'])).key,
  };
  const oauth = (await oauthTokens(app, headers, user.id)).accessToken;
  // The demo Business Profile connection, so the place has reviews (docs/decisions.md §32.4).
  const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect', headers });
  await app.inject({ method: 'GET', url: start.json<{ url: string }>().url });
  const reviews = await app.inject({ method: 'GET', url: `/api/place/${placeId}/reviews?limit=1`, headers });
  const reviewId = reviews.json<{ items: { id: string }[] }>().items[0]?.id;
  if (!reviewId) throw new Error(`mcp world: no demo review (${reviews.statusCode} ${reviews.body})`);
  const campaign = await app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers,
    payload: { name: 'Campaña MCP', frequency: 'weekly', day: 2, hour: 11, keywordIds: [keywordId] },
  });
  if (campaign.statusCode !== 201) throw new Error(`mcp world: campaign → ${campaign.statusCode} ${campaign.body}`);
  const ai = await app.inject({
    method: 'POST',
    url: `/api/ai-visibility/keyword/${keywordId}/scan`,
    headers,
    payload: { engines: ['google-ai-mode'], gridSize: 3, samples: 3 },
  });
  if (ai.statusCode !== 201) throw new Error(`mcp world: AI scan → ${ai.statusCode} ${ai.body}`);
  const ids = {
    placeId,
    keywordId,
    analysisId,
    otherAnalysisId,
    validPoints: await validPoints(headers, placeId),
    campaignId: campaign.json<{ id: string }>().id,
    aiAnalysisId: ai.json<{ id: string }>().id,
    reviewId,
  };
  return { userId: user.id, headers, ids, keys, oauth };
}

/** One JSON-RPC tools/call over real HTTP (fetch), without the client SDK: any arguments, any key. */
export async function rawToolCall(baseUrl: string, key: string | null, name: unknown, args: unknown, id: number | string = 1) {
  const res = await fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Left null: the caller's checks report it.
  }
  return {
    status: res.status,
    text,
    body: body as {
      result?: { isError?: boolean; content?: { text?: string }[]; structuredContent?: unknown; _meta?: { code?: string } };
      error?: { code: number; message: string; data?: { code?: string } };
    } | null,
  };
}
