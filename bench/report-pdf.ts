import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { renderReportPdf } from '../apps/server/src/modules/reports/pdf';
import { AGENCY_BRAND, buildAnalysisScopeReport, buildPlaceScopeReport, makeLogoPng } from '../apps/server/test/report-fixtures';
import { percentile, root, round } from './lib';

const THIS_FILE = fileURLToPath(import.meta.url);
const ANALYSIS_RUNS = 30;
const PLACE_RUNS = 8;

const kb = (bytes: number) => round(bytes / 1024);
/** CPU time (user + system) since `since`: what the render costs whatever else shares the cores. */
const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return round((c.user + c.system) / 1000);
};

/** The first PDF of a fresh process: reads the fonts, warms pdfkit (what a worker's first report pays). */
async function coldChild() {
  const logoPng = await makeLogoPng(256);
  const report = buildAnalysisScopeReport({ brand: AGENCY_BRAND });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const pdf = await renderReportPdf(report, { logoPng });
  return { firstMs: round(performance.now() - t0), firstCpuMs: cpuMs(c0), bytes: pdf.length };
}

async function timed(runs: number, render: () => Promise<Buffer>) {
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    bytes = (await render()).length;
    times.push(performance.now() - t0);
    cpu.push(cpuMs(c0));
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    runs,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times[times.length - 1]!),
    cpuP50Ms: round(percentile(cpu, 50)),
    cpuP95Ms: round(percentile(cpu, 95)),
    sizeKB: kb(bytes),
  };
}

/**
 * The report PDF (issue 17): a 25×25 analysis with a trend of 8 points, 3 followed
 * competitors, 10 competitors, ads and 5 insights, white-label with a logo (≤ 2 s, ≤ 1.5 MB);
 * and a place report of 10 such keywords (≤ 10 s). The first PDF of a fresh process, then
 * warm renders one after another.
 */
export async function benchReportPdf() {
  const child = spawnSync(process.execPath, ['--import', 'tsx', THIS_FILE, '--cold'], { cwd: root, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
  const cold = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Awaited<ReturnType<typeof coldChild>>;

  const logoPng = await makeLogoPng(256);
  const analysis = buildAnalysisScopeReport({ brand: AGENCY_BRAND });
  const place = buildPlaceScopeReport({ brand: AGENCY_BRAND, keywordCount: 10 });
  await renderReportPdf(analysis, { logoPng });
  const analysisRuns = await timed(ANALYSIS_RUNS, () => renderReportPdf(analysis, { logoPng }));
  const placeRuns = await timed(PLACE_RUNS, () => renderReportPdf(place, { logoPng }));
  return {
    name: 'report PDF (pdfkit): 25×25 analysis with trend and competitors; place report of 10 keywords',
    loadAverage: loadavg().map((l) => round(l, 2)),
    analysis25x25: {
      cold: { firstMs: cold.firstMs, firstCpuMs: cold.firstCpuMs, sizeKB: kb(cold.bytes) },
      warm: analysisRuns,
      budget: { ms: 2000, sizeKB: 1536 },
    },
    place10Keywords: { warm: placeRuns, budget: { ms: 10000 } },
  };
}

if (process.argv[2] === '--cold' && process.argv[1] === THIS_FILE) {
  console.log(JSON.stringify(await coldChild()));
} else if (process.argv[1] === THIS_FILE) {
  // Run on its own: node --import tsx bench/report-pdf.ts
  console.log(JSON.stringify(await benchReportPdf(), null, 2));
}
