import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startFakeMapsVendor } from '../../../test/fake-maps-search';
import { CHATGPT_LOCATIONS_PATH } from './dataforseo-chatgpt';
import { aiEnginesHealth, createAiEngineCatalogue } from './index';

const base = { demoFallback: true, demoLatencyMs: 0, demoQueueDelaySeconds: 0 };
const dataforseo = { login: 'l', password: 'p', baseUrl: 'https://api.dataforseo.com' };
const gemini = { apiKey: 'k', baseUrl: 'https://generativelanguage.googleapis.com', model: 'gemini-2.5-flash' };

describe('the AI engine catalogue', () => {
  it('when nothing is configured (the embedded default), then every engine runs on the demo engine', () => {
    const catalogue = createAiEngineCatalogue({ aiAnswers: base });
    expect(catalogue.list().map((e) => [e.id, e.available, e.engine?.provider, e.reason])).toEqual([
      ['google-ai-mode', true, 'demo', null],
      ['google-ai-overview', true, 'demo', null],
      ['chatgpt', true, 'demo', null],
      ['gemini-maps', true, 'demo', null],
    ]);
    expect(catalogue.get('chatgpt')?.scope).toBe('city');
  });

  it('when DataForSEO is configured, then AI Mode, AI Overviews (both with the standard queue) and ChatGPT (city-wide) use their real adapters', () => {
    const catalogue = createAiEngineCatalogue({ aiAnswers: { ...base, dataforseo } });
    const mode = catalogue.get('google-ai-mode')!;
    expect([mode.provider, mode.liveCallPriceUsd, mode.standardQueue?.taskPriceUsd]).toEqual(['dataforseo', 0.004, 0.0012]);
    const overview = catalogue.get('google-ai-overview')!;
    expect([overview.provider, overview.scope, overview.liveCallPriceUsd, overview.standardQueue?.taskPriceUsd]).toEqual(['dataforseo', 'point', 0.004, 0.0012]);
    const chatgpt = catalogue.get('chatgpt')!;
    expect([chatgpt.provider, chatgpt.scope, chatgpt.liveCallPriceUsd, chatgpt.liveTimeoutMs, chatgpt.standardQueue]).toEqual(['dataforseo', 'city', 0.004, 120_000, undefined]);
    // Gemini has no key here: it stays on the demo engine.
    expect(aiEnginesHealth(catalogue)).toEqual({ 'ai.google-ai-mode': 'dataforseo', 'ai.google-ai-overview': 'dataforseo', 'ai.chatgpt': 'dataforseo', 'ai.gemini-maps': 'demo' });
  });

  it('when GEMINI_API_KEY is configured, then Gemini (Google Maps) uses its real adapter at 2 credits with 500 free calls a day, even without demo data', () => {
    const engine = createAiEngineCatalogue({ aiAnswers: { ...base, demoFallback: false, gemini } }).get('gemini-maps')!;
    expect([engine.provider, engine.scope, engine.creditsPerCall, engine.freeCallsPerDay, engine.liveCallPriceUsd]).toEqual(['gemini', 'point', 2, 500, 0.025]);
  });

  it('when a real adapter skips an item it cannot read, then the catalogue’s log says which vendor and engine', async () => {
    const fixture = (name: string) => ({ raw: readFileSync(new URL(`../../../test/fixtures/ai-answers/${name}`, import.meta.url), 'utf8') });
    const fake = await startFakeMapsVendor((req) => (req.url.startsWith(CHATGPT_LOCATIONS_PATH) ? fixture('dataforseo-chatgpt-locations-es.json') : fixture('dataforseo-chatgpt-live.json')));
    try {
      const warnings: Array<{ obj: object; msg: string }> = [];
      const catalogue = createAiEngineCatalogue({ aiAnswers: { ...base, dataforseo: { ...dataforseo, baseUrl: fake.baseUrl } } }, { warn: (obj, msg) => warnings.push({ obj, msg }) });
      const answer = await catalogue.get('chatgpt')!.ask({ engine: 'chatgpt', query: 'dentista', lat: 36.72, lng: -4.42, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample: 1 });
      expect(answer.businesses.map((b) => b.name)).toEqual(['Clínica Dental Larios', 'Clínica Dental Sonrisa', 'Dentalia Centro']);
      expect(warnings.map((w) => [w.msg.split(':')[0], (w.obj as { provider: string; engine: string }).engine])).toEqual([
        ['elemento de DataForSEO descartado', 'chatgpt'],
        ['elemento de DataForSEO descartado', 'chatgpt'],
      ]);
    } finally {
      await fake.close();
    }
  });

  it('when rank data is real and an engine has no credentials, then it cannot run and says why in Spanish', () => {
    const list = createAiEngineCatalogue({ aiAnswers: { ...base, demoFallback: false } }).list();
    expect(list.every((e) => !e.available && e.engine === null)).toBe(true);
    expect(list.find((e) => e.id === 'gemini-maps')?.reason).toBe('Falta configurar GEMINI_API_KEY en el servidor.');
    expect(list.find((e) => e.id === 'google-ai-mode')?.reason).toBe('Falta configurar DATAFORSEO_LOGIN y DATAFORSEO_PASSWORD en el servidor.');
    // With each vendor's credentials, every engine can run on real data.
    const configured = createAiEngineCatalogue({ aiAnswers: { ...base, demoFallback: false, dataforseo, gemini } }).list();
    expect(configured.map((e) => [e.id, e.available, e.reason, e.engine?.provider])).toEqual([
      ['google-ai-mode', true, null, 'dataforseo'],
      ['google-ai-overview', true, null, 'dataforseo'],
      ['chatgpt', true, null, 'dataforseo'],
      ['gemini-maps', true, null, 'gemini'],
    ]);
  });
});
