import { describe, expect, it } from 'vitest';
import { newApiKey } from '../../test/mcp-client';
import { oauthTokens } from '../../test/oauth-flow';
import { createOwnedResources } from '../../test/owned-resources';
import { MALAGA } from '../../test/rankmap-fixtures';
import { sessions } from '../../test/sessions';
import { joinWorkspace } from '../../test/team';
import { createTestApp } from '../../test/test-app';

// A Miembro connected over OAuth sees through the MCP tools only the businesses of the clients
// assigned to them, as in the SPA (docs/decisions.md §33.3, docs/decisions.md §30.6): the lists
// leave the others out and an id of theirs answers the tool's "not found". An API key still acts
// as the whole workspace.

describe('MCP tools over OAuth for a Miembro with assigned clients', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '10000' });
  const owner = await createOwnedResources(app, container, { googlePlaceId: 'demo-malaga-dentista-1', coordinates: MALAGA, competitorPlaceId: 'demo-malaga-dentista-2' });
  const send = (method: 'POST', url: string, payload: object) => app.inject({ method, url, headers: owner.headers, payload });
  const otherClient = (await send('POST', '/api/clients', { name: 'Cliente Segundo' })).json<{ id: string }>().id;
  const created = await send('POST', '/api/place', { googlePlaceId: 'demo-malaga-restaurante-1', clientId: otherClient, matrixConfig: { gridSize: 3, radius: 1500, coordinates: MALAGA } });
  if (created.statusCode !== 201) throw new Error(created.body);
  const otherPlace = created.json<{ _id: string }>()._id;
  const otherKeyword = (await send('POST', '/api/keyword', { placeId: otherPlace, name: 'ortodoncia segunda' })).json<{ _id: string }>()._id;
  const member = (await sessions(app, container).signedIn()).user;
  const asMember = await joinWorkspace(container, owner.user.id, member.id, 'member', [otherClient]);
  const { accessToken } = await oauthTokens(app, asMember, owner.user.id);

  const call = async (credential: string, name: string, args: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${credential}` },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: { isError?: boolean; structuredContent?: Record<string, unknown>; _meta?: { code?: string } } }>().result;
  };

  it('when the Miembro lists the places and the portfolio, then only their client’s business is there; the owner’s key sees both', async () => {
    const places = await call(accessToken, 'list_places');
    expect((places.structuredContent?.places as { id: string }[]).map((p) => p.id)).toEqual([otherPlace]);
    const portfolio = await call(accessToken, 'get_portfolio');
    const rows = portfolio.structuredContent?.rows as { place: { id: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.place.id === otherPlace)).toBe(true);
    const { key } = await newApiKey(app, owner.headers, ['read']);
    const all = (await call(key, 'list_places')).structuredContent?.places as { id: string }[];
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([owner.ids.place, otherPlace]));
  });

  it('when the Miembro names a business of another client, or what hangs from it, then the tool’s "not found", as for an id that does not exist', async () => {
    expect(await call(accessToken, 'list_keywords', { placeId: owner.ids.place })).toMatchObject({ isError: true, _meta: { code: 'PLACE_NOT_FOUND' } });
    expect(await call(accessToken, 'get_latest_analysis', { keywordId: owner.ids.keyword })).toMatchObject({ isError: true, _meta: { code: 'KEYWORD_NOT_FOUND' } });
    expect(await call(accessToken, 'get_scan_status', { analysisId: owner.ids.rankMap })).toMatchObject({ isError: true, _meta: { code: 'ANALYSIS_NOT_FOUND' } });
    expect(await call(accessToken, 'run_scan', { keywordId: owner.ids.keyword })).toMatchObject({ isError: true, _meta: { code: 'KEYWORD_NOT_FOUND' } });
    expect(await call(accessToken, 'create_share_link', { scope: 'place', targetId: owner.ids.place })).toMatchObject({ isError: true });
    const mine = await call(accessToken, 'list_keywords', { placeId: otherPlace });
    expect(mine.isError).toBeUndefined();
    expect((mine.structuredContent?.keywords as { id: string }[]).map((k) => k.id)).toEqual([otherKeyword]);
  });

  it('when the Miembro names another client’s business in the tools of issue 32’s second half, then «no encontrado»; the activity log is refused to their role', async () => {
    for (const [name, args, code] of [
      ['get_place', { placeId: owner.ids.place }, 'PLACE_NOT_FOUND'],
      ['add_keywords', { placeId: owner.ids.place, keywords: ['intrusa'] }, 'PLACE_NOT_FOUND'],
      ['get_analysis_points', { analysisId: owner.ids.rankMap }, 'RANKMAP_NOT_FOUND'],
      ['create_campaign', { name: 'Intrusa', frequency: 'daily', hour: 9, keywordIds: [otherKeyword, owner.ids.keyword] }, 'KEYWORD_NOT_FOUND'],
      ['pause_campaign', { campaignId: owner.ids.campaign }, 'CAMPAIGN_NOT_FOUND'],
      ['get_ai_visibility', { aiAnalysisId: owner.ids.aiAnalysis }, 'AI_ANALYSIS_NOT_FOUND'],
      ['run_ai_visibility', { keywordId: owner.ids.keyword, engines: ['google-ai-mode'] }, 'KEYWORD_NOT_FOUND'],
    ] as const)
      expect(await call(accessToken, name, args), name).toMatchObject({ isError: true, _meta: { code } });
    expect(await call(accessToken, 'list_activity')).toMatchObject({ isError: true, _meta: { code: 'ROLE_FORBIDDEN' } });
    // Their own client's business answers; the other client's campaign is not listed.
    expect((await call(accessToken, 'get_place', { placeId: otherPlace })).structuredContent).toMatchObject({ place: { id: otherPlace } });
    const campaignIds = ((await call(accessToken, 'list_campaigns')).structuredContent?.campaigns as { id: string }[]).map((c) => c.id);
    expect(campaignIds).not.toContain(owner.ids.campaign);
  });

  it('when a Cliente connects over OAuth, then the reading tools answer and every tool that changes, spends or shares is ROLE_FORBIDDEN, changing nothing', async () => {
    const viewer = (await sessions(app, container).signedIn()).user;
    const asClient = await joinWorkspace(container, owner.user.id, viewer.id, 'client', [otherClient]);
    const { accessToken: clientToken } = await oauthTokens(app, asClient, owner.user.id);
    expect((await call(clientToken, 'get_place', { placeId: otherPlace })).isError).toBeUndefined();
    for (const [name, args] of [
      ['add_keywords', { placeId: otherPlace, keywords: ['nueva del cliente'] }],
      ['create_campaign', { name: 'Del cliente', frequency: 'daily', hour: 9, keywordIds: [otherKeyword] }],
      ['run_scan', { keywordId: otherKeyword }],
      ['run_ai_visibility', { keywordId: otherKeyword, engines: ['google-ai-mode'] }],
      ['search_places', { query: 'dentista' }],
      ['list_activity', {}],
    ] as const)
      expect(await call(clientToken, name, args), name).toMatchObject({ isError: true, _meta: { code: 'ROLE_FORBIDDEN' } });
    const keywords = (await call(clientToken, 'list_keywords', { placeId: otherPlace })).structuredContent?.keywords as { name: string }[];
    expect(keywords.map((k) => k.name)).toEqual(['ortodoncia segunda']);
  });
});
