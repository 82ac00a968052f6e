import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiVisibilityAnalyses } from '../db/ai-visibility-schema';
import { campaigns } from '../db/campaigns-schema';
import { places } from '../db/places-schema';
import { rankMaps } from '../db/rankmaps-schema';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { callTool, connectHttp, listening } from '../../test/mcp-client';
import { type McpWorld, createMcpWorld } from '../../test/mcp-world';
import { rankmapFixtures } from '../../test/rankmap-fixtures';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { PROMPTS } from './mcp-prompts';
import { ANALYSIS_URI_PREFIX } from './mcp-resources';

// The second half of issue 32 over the official SDK client and real HTTP (docs/mcp.md): the
// confirmation of the tools that spend or create, idempotencyKey (a retried confirmed call does
// the work once and charges once), the analysis resources and the prompts with their completion.

describe('MCP: confirmation, idempotencyKey, resources and prompts', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '10000' });
  const base = await listening(app);
  const db = container.database.db;
  const { balance } = rankmapFixtures(app, container);
  let world: McpWorld;
  let intruderKey: string;
  beforeAll(async () => {
    await container.seaIndex.ready();
    world = await createMcpWorld(app, container);
    const intruder = await sessions(app, container).signedIn('pro_agency');
    const res = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: intruder.headers,
      payload: { name: 'MCP', scopes: ['read', 'scans'] },
    });
    intruderKey = res.json<{ key: string }>().key;
  }, 300_000);

  const scansOf = async (keywordId: string) =>
    (await db.select({ id: rankMaps.id }).from(rankMaps).where(eq(rankMaps.keywordId, keywordId))).length;

  it('when run_scan is confirmed twice with the same idempotencyKey, over a key and over OAuth, then one scan starts and is charged once; the retry gets the same answer', async () => {
    for (const credential of [world.keys.both, world.oauth]) {
      const client = await connectHttp(base, credential);
      const quote = await callTool(client, 'run_scan', { keywordId: world.ids.keywordId });
      expect(quote.structured).toMatchObject({ status: 'confirmation_required', cost: world.ids.validPoints });
      const before = { scans: await scansOf(world.ids.keywordId), credits: await balance(world.userId) };
      const args = {
        keywordId: world.ids.keywordId,
        confirmCost: world.ids.validPoints,
        idempotencyKey: `reintento-${credential.slice(0, 8)}`,
      };
      const first = await callTool(client, 'run_scan', args);
      const again = await callTool(client, 'run_scan', args);
      expect(first.isError, first.text).toBe(false);
      expect(first.structured).toMatchObject({ status: 'started' });
      expect(again.structured).toEqual(first.structured);
      expect(await scansOf(world.ids.keywordId)).toBe(before.scans + 1);
      expect(before.credits - (await balance(world.userId))).toBe(world.ids.validPoints);
      // Another confirmCost is a new quote (docs/mcp.md «Costs»), and the same key on another operation is refused: neither starts a scan.
      expect((await callTool(client, 'run_scan', { ...args, confirmCost: world.ids.validPoints + 1 })).structured).toMatchObject({ status: 'confirmation_required' });
      const reused = await callTool(client, 'add_place', { googlePlaceId: 'demo-malaga-dentista-4', confirm: true, idempotencyKey: args.idempotencyKey });
      expect(reused).toMatchObject({ isError: true, code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await scansOf(world.ids.keywordId)).toBe(before.scans + 1);
      await client.close();
    }
  });

  it('when add_place is called without confirm, then it only describes the business and adds nothing; confirmed twice with one idempotencyKey, it adds it once', async () => {
    const count = async () => (await db.select({ id: places.id }).from(places).where(eq(places.userId, world.userId))).length;
    const client = await connectHttp(base, world.keys.both);
    const before = await count();
    const preview = await callTool(client, 'add_place', { googlePlaceId: 'demo-malaga-dentista-3', gridSize: 5 });
    expect(preview.structured).toMatchObject({
      status: 'confirmation_required',
      gridSize: 5,
      place: null,
      preview: { placeId: 'demo-malaga-dentista-3' },
    });
    expect(preview.text).toContain('confirm: true');
    expect(await count()).toBe(before);
    const args = { googlePlaceId: 'demo-malaga-dentista-3', gridSize: 5, confirm: true, idempotencyKey: 'alta-dentista-3' };
    const added = await callTool(client, 'add_place', args);
    expect(added.isError, added.text).toBe(false);
    expect(added.structured).toMatchObject({ status: 'added', place: { name: expect.any(String) } });
    expect(await callTool(client, 'add_place', args)).toMatchObject({ structured: added.structured });
    expect(await count()).toBe(before + 1);
    await client.close();
  });

  it('when add_keywords is called with new and existing keywords, then it adds the new ones once; repeating it adds nothing', async () => {
    const client = await connectHttp(base, world.keys.both);
    const args = { placeId: world.ids.placeId, keywords: ['implantes dentales mcp', 'dentista'] };
    const first = await callTool(client, 'add_keywords', args);
    expect(first.structured).toMatchObject({
      created: [{ name: 'implantes dentales mcp', placeId: world.ids.placeId }],
      skipped: [{ keyword: 'dentista' }],
    });
    const again = await callTool(client, 'add_keywords', args);
    expect(again.structured).toMatchObject({ created: [], skipped: [{ keyword: 'implantes dentales mcp' }, { keyword: 'dentista' }] });
    await client.close();
  });

  it('when create_campaign is called without confirm, then it answers the cost per round and saves nothing; with confirm: true it creates the campaign', async () => {
    const count = async () => (await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, world.userId))).length;
    const client = await connectHttp(base, world.oauth);
    const before = await count();
    const fields = { name: 'Cada mañana (MCP)', frequency: 'daily', hour: 7, keywordIds: [world.ids.keywordId] };
    const quote = await callTool(client, 'create_campaign', fields);
    expect(quote.structured).toMatchObject({
      status: 'confirmation_required',
      preview: { roundAnalyses: 1, roundCredits: world.ids.validPoints },
      campaign: null,
    });
    expect(await count()).toBe(before);
    const bad = await callTool(client, 'create_campaign', { ...fields, frequency: 'weekly', confirm: true });
    expect(bad).toMatchObject({ isError: true, text: 'Elige el día de la semana.' });
    const created = await callTool(client, 'create_campaign', { ...fields, confirm: true });
    expect(created.structured).toMatchObject({ status: 'created', campaign: { name: 'Cada mañana (MCP)', frequency: 'daily' } });
    expect(await count()).toBe(before + 1);
    await client.close();
  });

  it('when create_campaign carries ai, then its quote names the AI credits of a round, and list_campaigns shows the campaign’s ai and roundAiCredits', async () => {
    const client = await connectHttp(base, world.oauth);
    // AI Mode on a 3×3 grid, 1 sample: one call of 1 credit per point of the grid on land (docs/decisions.md §31.16).
    const fields = { name: 'IA cada semana (MCP)', frequency: 'weekly', day: 4, hour: 8, keywordIds: [world.ids.keywordId], ai: { engines: ['google-ai-mode'], gridSize: 3, samples: 1 } };
    const quote = await callTool(client, 'create_campaign', fields);
    expect(quote.structured).toMatchObject({ status: 'confirmation_required' });
    const aiCredits = (quote.structured as { preview: { roundAiCredits: number } }).preview.roundAiCredits;
    expect(aiCredits).toBeGreaterThan(0);
    expect(aiCredits).toBeLessThanOrEqual(9);
    expect(quote.text).toContain(`más ${aiCredits} créditos de visibilidad en IA`);
    const bad = await callTool(client, 'create_campaign', { ...fields, ai: { ...fields.ai, samples: 9 }, confirm: true });
    // The SDK refuses it before the tool runs; the catalogue's Spanish message, not its key.
    expect(bad).toMatchObject({ isError: true, text: 'Los argumentos de «create_campaign» no son válidos: «ai.samples»: Las muestras por punto deben ser un número entero entre 1 y 5.' });
    const created = await callTool(client, 'create_campaign', { ...fields, confirm: true });
    expect(created.structured).toMatchObject({ status: 'created', campaign: { ai: fields.ai, roundAiCredits: aiCredits } });
    const list = (await callTool(client, 'list_campaigns', {})).structured as { campaigns: { name: string; ai: unknown; roundAiCredits: number }[] };
    expect(list.campaigns.find((c) => c.name === 'IA cada semana (MCP)')).toMatchObject({ ai: fields.ai, roundAiCredits: aiCredits });
    await client.close();
  });

  it('when run_ai_visibility is called without confirm, then the quote and nothing spent; confirmed twice with one idempotencyKey, one analysis and one reservation', async () => {
    const count = async () =>
      (
        await db
          .select({ id: aiVisibilityAnalyses.id })
          .from(aiVisibilityAnalyses)
          .where(eq(aiVisibilityAnalyses.keywordId, world.ids.keywordId))
      ).length;
    const client = await connectHttp(base, world.keys.both);
    const before = { analyses: await count(), credits: await balance(world.userId) };
    const args = { keywordId: world.ids.keywordId, engines: ['google-ai-mode'], gridSize: 3, samples: 3 };
    const quote = await callTool(client, 'run_ai_visibility', args);
    expect(quote.structured).toMatchObject({ status: 'confirmation_required', quote: { dryRun: true }, analysis: null });
    expect(await count()).toBe(before.analyses);
    expect(await balance(world.userId)).toBe(before.credits);
    const cost = (quote.structured as { quote: { totalCredits: number } }).quote.totalCredits;
    const confirmed = { ...args, confirm: true, idempotencyKey: 'ia-1' };
    const first = await callTool(client, 'run_ai_visibility', confirmed);
    expect(first.structured).toMatchObject({ status: 'started', analysis: { creditsReserved: cost } });
    expect((await callTool(client, 'run_ai_visibility', confirmed)).structured).toEqual(first.structured);
    expect(await count()).toBe(before.analyses + 1);
    expect(before.credits - (await balance(world.userId))).toBe(cost);
    const id = (first.structured as { analysis: { id: string } }).analysis.id;
    expect((await callTool(client, 'get_ai_visibility', { aiAnalysisId: id })).structured).toMatchObject({
      analysis: { id },
      points: null,
    });
    await client.close();
  });

  it('when the resources are listed and read, then the latest completed analysis of the keyword is rankmaps://analysis/{id} as JSON; another user’s key neither lists nor reads it', async () => {
    const client = await connectHttp(base, world.keys.read);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: `${ANALYSIS_URI_PREFIX}{id}`, mimeType: 'application/json' }),
    ]);
    const { resources } = await client.listResources();
    const latest = (await callTool(client, 'get_latest_analysis', { keywordId: world.ids.keywordId })).structured as {
      analysis: { id: string };
    };
    expect(resources.map((r) => r.uri)).toEqual([`${ANALYSIS_URI_PREFIX}${latest.analysis.id}`]);
    const read = await client.readResource({ uri: `${ANALYSIS_URI_PREFIX}${latest.analysis.id}` });
    expect(read.contents[0]).toMatchObject({ mimeType: 'application/json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({
      analysis: { id: latest.analysis.id, status: 'completed', metrics: expect.any(Object) },
    });
    await client.close();

    const intruder = await connectHttp(base, intruderKey);
    expect((await intruder.listResources()).resources).toEqual([]);
    await expect(intruder.readResource({ uri: `${ANALYSIS_URI_PREFIX}${latest.analysis.id}` })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('Análisis no encontrado.'),
    });
    await expect(intruder.readResource({ uri: `${ANALYSIS_URI_PREFIX}no-es-un-id` })).rejects.toMatchObject({ code: -32002 });
    await intruder.close();
  });

  it('when the prompts are listed, got and completed, then three Spanish prompts whose «negocio» completes from the caller’s businesses only', async () => {
    const client = await connectHttp(base, world.oauth);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.title).sort()).toEqual([
      'Diagnóstico de un negocio',
      'Resumen semanal para un cliente',
      '¿Qué competidor me está ganando y dónde?',
    ]);
    expect(prompts.every((p) => p.arguments?.[0]?.name === 'negocio')).toBe(true);
    const place = ((await callTool(client, 'get_place', { placeId: world.ids.placeId })).structured as { place: { name: string } }).place;
    const typed = place.name.slice(0, 3).toLowerCase();
    for (const prompt of PROMPTS) {
      const done = await client.complete({ ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: 'negocio', value: typed } });
      expect(done.completion.values, prompt.name).toContain(place.name);
      const got = await client.getPrompt({ name: prompt.name, arguments: { negocio: place.name } });
      const text = (got.messages[0]?.content as { text: string }).text;
      expect(text, prompt.name).toContain(world.ids.placeId);
      expect(text).toContain(place.name);
    }
    await expect(client.getPrompt({ name: PROMPTS[0]!.name, arguments: { negocio: 'Un negocio que no existe' } })).rejects.toMatchObject({
      message: expect.stringContaining('Negocio no encontrado'),
    });
    await client.close();

    const intruder = await connectHttp(base, intruderKey);
    const none = await intruder.complete({
      ref: { type: 'ref/prompt', name: PROMPTS[0]!.name },
      argument: { name: 'negocio', value: typed },
    });
    expect(none.completion.values).not.toContain(place.name);
    await expect(intruder.getPrompt({ name: PROMPTS[0]!.name, arguments: { negocio: world.ids.placeId } })).rejects.toMatchObject({
      message: expect.stringContaining('Negocio no encontrado'),
    });
    await intruder.close();
  });
});
