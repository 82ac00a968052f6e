import { AI_ENGINES } from '@rankmaps/shared/ai-engines';
import { wilson } from '@rankmaps/shared/ai-metrics';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../places/demo';
import { FLAVOURS, NO_BUSINESS_RATE, RUN_REACH, createDemoAiEngine, simulateAnswer } from './demo';
import { joinNames } from './demo-text';
import { AI_ENGINE_IDS, type AiAnswerRequest, type AiEngineId } from './interface';

const WEDNESDAY = new Date('2026-03-04T10:00:00Z');
const SAME_WEEK_SUNDAY = new Date('2026-03-08T22:00:00Z');
const NEXT_WEEK = new Date('2026-03-11T10:00:00Z');

const business = demoCatalogue().find((p) => p.placeId === 'demo-malaga-dentista-1')!;
const target = { placeId: business.placeId, name: business.name, lat: business.lat!, lng: business.lng!, domain: 'sonrisa-malaga.es' };
const ask = (engine: AiEngineId, extra: Partial<AiAnswerRequest> = {}): AiAnswerRequest => ({
  engine,
  query: 'dentista',
  lat: target.lat,
  lng: target.lng,
  city: { name: 'Málaga', countryCode: 'ES' },
  languageCode: 'es',
  sample: 1,
  target,
  now: WEDNESDAY,
  ...extra,
});
/** Points `km` east of the business, about 60 m apart so that each is its own question. */
const pointsAt = (km: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ lat: target.lat + ((i % 10) - 4.5) * 0.0006, lng: target.lng + km / (111.32 * Math.cos((target.lat * Math.PI) / 180)) + Math.floor(i / 10) * 0.0006 }));

describe('the demo AI engine', () => {
  it('when the same question is asked twice in the same week, even at another hour, then the answer is identical', async () => {
    for (const id of AI_ENGINE_IDS) {
      const first = simulateAnswer(ask(id));
      expect(await createDemoAiEngine(id).ask(ask(id))).toEqual(first);
      expect(simulateAnswer(ask(id, { now: SAME_WEEK_SUNDAY }))).toEqual(first);
    }
  });

  it('when two analyses ask the same question, then their answers differ, and a weak run names the business less, beyond the noise', () => {
    const first = { id: 'f2b0c1de-0000-4000-8000-000000000001', ordinal: 0 };
    const second = { id: 'f2b0c1de-0000-4000-8000-000000000002', ordinal: 1 };
    const texts = (run: AiAnswerRequest['run']) => Array.from({ length: 10 }, (_, s) => simulateAnswer(ask('google-ai-mode', { sample: s + 1, run })).text).join('\n');
    expect(texts(first)).not.toBe(texts(second));
    expect(texts(first)).toBe(texts({ ...first }));
    expect(RUN_REACH[1]).toBeLessThan(RUN_REACH[0]);
    // 300 questions 1.5 km around the business, as a 5×5 × 3 scan on four engines would ask.
    const named = (run: AiAnswerRequest['run']) => {
      let n = 0;
      let any = 0;
      for (const [i, p] of pointsAt(1.5, 100).entries()) {
        for (const engine of ['google-ai-mode', 'gemini-maps', 'google-ai-overview'] as const) {
          const answer = simulateAnswer(ask(engine, { ...p, sample: 1 + (i % 3), run }));
          if (answer.businesses.length > 0) any++;
          if (answer.businesses.some((b) => b.name === target.name)) n++;
        }
      }
      return wilson(n, any)!;
    };
    const strong = named(first);
    const weak = named(second);
    expect(weak.high).toBeLessThan(strong.low);
  });

  it('when samples are asked at one point, then the lists reorder, drop and add businesses', () => {
    for (const id of AI_ENGINE_IDS) {
      const lists = Array.from({ length: 12 }, (_, s) => simulateAnswer(ask(id, { sample: s + 1, target: undefined })).businesses.map((b) => b.name));
      const named = lists.filter((l) => l.length > 0);
      // Not one list repeated: different sets (drops and adds) and different orders.
      expect(new Set(named.map((l) => l.join('|'))).size).toBeGreaterThan(named.length / 2);
      expect(new Set(named.map((l) => [...l].sort().join('|'))).size).toBeGreaterThan(1);
      const everyone = new Set(named.flat());
      expect(everyone.size).toBeGreaterThan(Math.max(...named.map((l) => l.length)));
    }
  });

  it('when a week passes, then the same question may be answered differently', () => {
    const week = (now: Date) => Array.from({ length: 10 }, (_, s) => simulateAnswer(ask('google-ai-mode', { sample: s + 1, now })).text).join('\n');
    expect(week(NEXT_WEEK)).not.toBe(week(WEDNESDAY));
  });

  it('when each engine answers, then its list is as long as its flavour says, numbered 1..n, and its scope is the table’s', () => {
    for (const id of AI_ENGINE_IDS) {
      const { min, max } = FLAVOURS[id];
      const lengths = new Set<number>();
      for (const p of pointsAt(0.5, 40)) {
        const { businesses } = simulateAnswer(ask(id, { ...p }));
        if (businesses.length === 0) continue;
        lengths.add(businesses.length);
        expect(businesses.map((b) => b.position)).toEqual(businesses.map((_, i) => i + 1));
        expect(new Set(businesses.map((b) => b.name)).size).toBe(businesses.length);
      }
      expect(Math.min(...lengths)).toBeGreaterThanOrEqual(min);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(max);
      expect(lengths.size).toBeGreaterThan(1);
      expect(createDemoAiEngine(id).scope).toBe(AI_ENGINES.find((e) => e.id === id)!.scope);
    }
    expect(createDemoAiEngine('chatgpt').scope).toBe('city');
  });

  it('when many questions are asked, then about 5–10 % name no business, and those still answer in Spanish', () => {
    let none = 0;
    let total = 0;
    for (const id of AI_ENGINE_IDS) {
      for (const p of pointsAt(1, 100)) {
        for (const sample of [1, 2, 3]) {
          const answer = simulateAnswer(ask(id, { ...p, sample }));
          total++;
          if (answer.businesses.length === 0) {
            none++;
            expect(answer.text).toMatch(/^(Para|No he encontrado)/);
            expect(answer.sources).toEqual([]);
          }
        }
      }
    }
    expect(NO_BUSINESS_RATE).toBeGreaterThanOrEqual(0.05);
    expect(none / total).toBeGreaterThan(0.05);
    expect(none / total).toBeLessThan(0.1);
  });

  it('when an answer names businesses, then its Spanish text names each of them, and costs nothing', () => {
    for (const id of AI_ENGINE_IDS) {
      const answer = simulateAnswer(ask(id, { sample: 2 }));
      expect(answer.businesses.length).toBeGreaterThan(0);
      for (const b of answer.businesses) expect(answer.text).toContain(b.name);
      expect(answer.text).toContain('«dentista»');
      expect(answer.text).toMatch(/reseñas|valoraciones/);
      expect(answer.text).not.toMatch(/\b(the|near|reviews|undefined|null|NaN)\b/);
      expect(answer.costUsd).toBe(0);
    }
  });

  it('when the business is tracked, then it is named far more often near it than 6 km away', () => {
    for (const id of ['google-ai-mode', 'google-ai-overview', 'gemini-maps'] as const) {
      const share = (km: number) => {
        const answers = pointsAt(km, 60).flatMap((p) => [1, 2, 3].map((sample) => simulateAnswer(ask(id, { ...p, sample }))));
        return answers.filter((a) => a.businesses.some((b) => b.name === target.name)).length / answers.length;
      };
      const near = share(0.3);
      const far = share(6);
      expect(near).toBeGreaterThan(0.5);
      expect(far).toBeLessThan(near / 3);
    }
  });

  it('when the business is named, then it carries the tracked name and domain, and Gemini gives every business its place id', () => {
    const named = pointsAt(0.2, 30)
      .map((p) => simulateAnswer(ask('gemini-maps', { ...p })))
      .find((a) => a.businesses.some((b) => b.placeId === target.placeId))!;
    const own = named.businesses.find((b) => b.placeId === target.placeId)!;
    expect(own).toMatchObject({ name: target.name, domain: 'sonrisa-malaga.es', cid: null });
    expect(named.businesses.every((b) => b.placeId !== null)).toBe(true);
    expect(named.sources.every((s) => s.domain === 'google.com' && s.url.startsWith('https://www.google.com/maps/search/?api=1&query='))).toBe(true);
    expect(simulateAnswer(ask('google-ai-mode', { sample: 2 })).businesses.every((b) => b.placeId === null)).toBe(true);
  });

  it('when sources are cited, then they are the businesses’ own sites and the sector’s directory', () => {
    const answer = simulateAnswer(ask('google-ai-mode', { sample: 2 }));
    const domains = answer.sources.map((s) => s.domain);
    expect(domains).toContain('doctoralia.es');
    for (const s of answer.sources) expect(new URL(s.url).hostname.endsWith(s.domain)).toBe(true);
    const restaurant = simulateAnswer(ask('google-ai-overview', { query: 'restaurante', sample: 2, target: undefined }));
    if (restaurant.businesses.length > 0) expect(restaurant.sources.map((s) => s.domain)).toContain('tripadvisor.es');
    const plumber = simulateAnswer(ask('chatgpt', { query: 'fontanero', sample: 2, target: undefined }));
    if (plumber.businesses.length > 0) expect(plumber.sources.map((s) => s.domain)).toContain('paginasamarillas.es');
  });

  it('when ChatGPT answers, then it speaks of the city, not of a point', () => {
    const answer = simulateAnswer(ask('chatgpt', { sample: 2, city: { name: 'Málaga', countryCode: 'ES' } }));
    expect(answer.text).toContain('en Málaga');
    expect(answer.text).not.toContain('cerca de ti');
  });

  it('when the caller has already given up, then the engine does not answer', async () => {
    const controller = new AbortController();
    controller.abort(new Error('parado'));
    await expect(createDemoAiEngine('chatgpt').ask(ask('chatgpt'), controller.signal)).rejects.toThrow('parado');
  });

  it('when names are joined, then Spanish uses «y», and «e» before an /i/ sound', () => {
    expect(joinNames(['A'])).toBe('A');
    expect(joinNames(['A', 'B'])).toBe('A y B');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B y C');
    expect(joinNames(['A', 'Instalaciones Ruiz'])).toBe('A e Instalaciones Ruiz');
    expect(joinNames(['A', 'Hierros López'])).toBe('A y Hierros López');
  });
});
