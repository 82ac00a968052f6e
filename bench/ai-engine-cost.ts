import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AI_MODE_LIVE_PATH, AI_MODE_TASKS_READY_PATH, AI_MODE_TASK_GET_PATH, AI_MODE_TASK_POST_PATH, AI_MODE_LIVE_PRICE_USD, AI_MODE_STANDARD_PRICE_USD, createDataForSeoAiModeEngine } from '../apps/server/src/providers/ai-answers/dataforseo-ai-mode';
import type { AiAnswerRequest } from '../apps/server/src/providers/ai-answers/interface';
import { startFakeMapsVendor } from '../apps/server/test/fake-maps-search';
import { round } from './lib';

// AI visibility (issue 30, docs/performance.md "AI visibility: vendor cost (issue 30)"): what
// DataForSEO charges for a 5×5 × 3-sample Google AI Mode scan on its standard queue against
// the same on live, by running the real adapter's two paths against a local DataForSEO that
// answers as documented, with each task's `cost` at the list prices.

const THIS_FILE = fileURLToPath(import.meta.url);
const GRID = 5;
const SAMPLES = 3;
const answer = JSON.parse(readFileSync(new URL('../apps/server/test/fixtures/ai-answers/dataforseo-ai-mode-live.json', import.meta.url), 'utf8')) as { tasks: Array<Record<string, unknown>> };
const envelope = (tasks: unknown[]) => JSON.stringify({ version: '0.1.20250526', status_code: 20000, status_message: 'Ok.', time: '0.1 sec.', cost: tasks.reduce((s: number, t) => s + ((t as { cost: number }).cost ?? 0), 0), tasks_count: tasks.length, tasks_error: 0, tasks });

export async function benchAiEngineCost() {
  const posted: { id: string; tag: string }[] = [];
  const vendor = await startFakeMapsVendor((req) => {
    if (req.url === AI_MODE_LIVE_PATH) return { raw: envelope([{ ...answer.tasks[0], cost: AI_MODE_LIVE_PRICE_USD }]) };
    if (req.url === AI_MODE_TASK_POST_PATH) {
      const tasks = (JSON.parse(req.body) as Array<{ tag: string }>).map((t) => {
        const id = `task-${posted.length}`;
        posted.push({ id, tag: t.tag });
        return { id, status_code: 20100, status_message: 'Task Created.', cost: AI_MODE_STANDARD_PRICE_USD, data: t, result: null };
      });
      return { raw: envelope(tasks) };
    }
    if (req.url === AI_MODE_TASKS_READY_PATH) return { raw: envelope([{ id: 'r', status_code: 20000, status_message: 'Ok.', cost: 0, data: {}, result: posted.map((p) => ({ id: p.id, tag: p.tag })) }]) };
    if (req.url.startsWith(AI_MODE_TASK_GET_PATH)) return { raw: envelope([{ ...answer.tasks[0], cost: 0 }]) };
    return { status: 404, raw: '' };
  });
  try {
    const engine = createDataForSeoAiModeEngine({ login: 'bench', password: 'bench', baseUrl: vendor.baseUrl });
    const asks: { tag: string; request: AiAnswerRequest }[] = [];
    for (let row = 0; row < GRID; row++)
      for (let col = 0; col < GRID; col++)
        for (let sample = 1; sample <= SAMPLES; sample++)
          asks.push({ tag: `bench-${row}-${col}-${sample}`, request: { engine: 'google-ai-mode', query: 'dentista', lat: 36.7 + row * 0.01, lng: -4.43 + col * 0.01, city: { name: 'Málaga', countryCode: 'ES' }, languageCode: 'es', sample } });

    let liveUsd = 0;
    for (const a of asks) liveUsd += (await engine.ask({ ...a.request, tag: a.tag })).costUsd;

    const queue = engine.standardQueue!;
    let standardUsd = 0;
    for (let i = 0; i < asks.length; i += queue.maxTasksPerPost) {
      for (const p of await queue.post(asks.slice(i, i + queue.maxTasksPerPost))) standardUsd += p.costUsd;
    }
    let collected = 0;
    for (const r of await queue.ready()) {
      const c = await queue.collect(r.taskId);
      if (c.state === 'ready') {
        standardUsd += c.answer.costUsd; // collecting is free: adds 0
        collected++;
      }
    }
    if (collected !== asks.length) throw new Error(`collected ${collected} of ${asks.length}`);
    return {
      name: `Google AI Mode vendor cost, ${GRID}×${GRID} × ${SAMPLES} samples (${asks.length} questions), real adapter against the local DataForSEO`,
      liveUsd: round(liveUsd, 4),
      standardUsd: round(standardUsd, 4),
      standardToLive: round(standardUsd / liveUsd, 3),
      liveCalls: asks.length,
      standardPosts: Math.ceil(asks.length / queue.maxTasksPerPost),
    };
  } finally {
    await vendor.close();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/ai-engine-cost.ts
  console.log(JSON.stringify(await benchAiEngineCost(), null, 2));
}
