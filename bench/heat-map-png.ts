import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { renderHeatMapPng } from '../apps/server/src/modules/reports/heat-map-png/heat-map-png';
import { buildAnalysisReport } from '../apps/server/test/report-fixtures';
import { percentile, round } from './lib';

const THIS_FILE = fileURLToPath(import.meta.url);
const RUNS = 40;

/**
 * The heat-map PNG of issue 32 (get_heatmap, GET /api/v1/analyses/{id}/heatmap.png): a 25×25
 * analysis with every band, failed and excluded cells, demo label. Goals: p95 ≤ 300 ms, ≤ 200 KB.
 * Warm renders one after another after one cold render (which loads the label font).
 */
export async function benchHeatMapPng() {
  const section = buildAnalysisReport({ gridSize: 25 });
  const input = { section: { ...section, dataLabel: 'demo' as const }, placeName: 'Clínica Dental Sonrisas Málaga' };
  const t0 = performance.now();
  const first = await renderHeatMapPng(input);
  const coldMs = performance.now() - t0;
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = first.length;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const c0 = process.cpuUsage();
    bytes = (await renderHeatMapPng(input)).length;
    times.push(performance.now() - start);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    name: 'heat-map PNG (resvg): 25×25 analysis',
    loadAverage: loadavg().map((l) => round(l, 2)),
    coldMs: round(coldMs),
    runs: RUNS,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1)!),
    // The process's CPU (every thread: the render runs on libuv's pool): what the render costs
    // whatever else shares the cores, so a loaded machine's figure can be read beside the time.
    cpuP95Ms: round(percentile(cpu, 95)),
    sizeKB: round(bytes / 1024),
    goal: { p95Ms: 300, sizeKB: 200 },
  };
}

if (process.argv[1] === THIS_FILE) {
  // Run on its own: node --import tsx bench/heat-map-png.ts
  console.log(JSON.stringify(await benchHeatMapPng(), null, 2));
}
