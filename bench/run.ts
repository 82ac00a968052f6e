import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { benchAiEngineCost } from './ai-engine-cost';
import { benchAiMetrics, benchAiVisibilityLiveScan } from './ai-visibility';
import { benchAlertEvaluation } from './alert-evaluation';
import { benchApiV1 } from './api-v1';
import { benchReviewsPage } from './reviews-page';
import { benchReviewsSync } from './reviews-sync';
import { benchChatDelivery } from './chat-delivery';
import { benchColdStart } from './cold-start';
import { benchCompiledStart } from './compiled-start';
import { benchCompareAnalyses } from './compare-analyses';
import { benchGenerateMatrix } from './generate-matrix';
import { benchHeatMapPng } from './heat-map-png';
import { benchCampaignScheduler } from './campaign-scheduler';
import { benchKeywordImport } from './keyword-import';
import { benchLandingJs } from './landing-js';
import { benchLoad } from './load';
import { benchLoadMetrics } from './load-metrics';
import { benchLoginLatency } from './login-latency';
import { benchMcpRead } from './mcp-read';
import { benchMcpOAuth } from './mcp-oauth';
import { benchPortfolio } from './portfolio';
import { benchPortfolioMember } from './portfolio-member';
import { benchPermissionCheck } from './permission-check';
import { benchRankMapDetail } from './rankmap-detail';
import { benchReportPdf } from './report-pdf';
import { benchReportBuild } from './report-build';
import { benchLiveVendorScan, benchStandardQueueScan } from './rank-data-vendor';
import { benchScanLatency } from './scan-latency';
import { benchScanThroughput } from './scan-throughput';
import { benchSharePageApi, benchSharePageJs } from './share-page';
import { benchVideoSlots } from './video-slots';
import { benchWebhookDelivery } from './webhook-delivery';
import { root } from './lib';

// `npm run bench`: builds the SPA, then measures. Figures go to bench/.results/latest.json
// and are copied by hand, with the machine's size, into docs/performance.md.
// Its own build directory, like the e2e run, so a concurrent build cannot disturb it.
const webDist = path.join(root, 'apps/web/dist-bench');
process.env.WEB_DIST = webDist;
const build = spawnSync('npm', ['run', 'build', '-w', '@rankmaps/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const machine = { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), cpu: cpus()[0]?.model, node: process.version };
const results: unknown[] = [];
const record = (r: unknown) => {
  results.push(r);
  console.log(JSON.stringify(r, null, 2));
};

// BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) adds PostgreSQL, in a scratch database.
const pg = process.env.BENCH_DATABASE_URL;
/** A bench on the embedded database, then on PostgreSQL when BENCH_DATABASE_URL names one. */
const onBoth = async (bench: (opts?: { databaseUrl?: string }) => Promise<unknown>) => {
  record(await bench());
  if (pg) record(await bench({ databaseUrl: pg }));
};

record(await benchColdStart());
// The compiled server (issue 28): its start to a healthy /api/health ≤ 0.5 × the start through tsx.
await onBoth(benchCompiledStart);
await onBoth(benchLoginLatency);
record(await benchLandingJs());
record(await benchGenerateMatrix());
// Scans, on both databases.
await onBoth(benchScanThroughput);
await onBoth(benchScanLatency);
await onBoth(benchRankMapDetail);
// Comparing two analyses (issue 16): p95 ≤ 50 ms on both databases.
await onBoth(benchCompareAnalyses);
// The client report's builder (issue 17): an analysis report's answer p95 ≤ 50 ms, a place report of 10 keywords well within the PDF's 10 s.
await onBoth(benchReportBuild);
// The share page (issue 17): its JavaScript ≤ 150 KB gzip, its API answer p95 ≤ 50 ms on both databases.
record(benchSharePageJs());
await onBoth(benchSharePageApi);
// Alerts (issue 16): the job queued with a scan's completion adds ≤ 10 ms of database time.
await onBoth(benchAlertEvaluation);
// The portfolio (issue 18): 500 places × 10 keywords × 52 analyses, p95 ≤ 100 ms a page, first page ≤ 100 KB compressed.
await onBoth(benchPortfolio);
// Teams (issue 29): the permission check adds ≤ 1 ms at p95; «Cartera» for a Miembro with 50 of 500 businesses, p95 ≤ 100 ms.
await onBoth(benchPermissionCheck);
await onBoth(benchPortfolioMember);
// Client reports (issue 17): the PDF of a 25×25 analysis ≤ 2 s and ≤ 1.5 MB, a place of 10 keywords ≤ 10 s.
record(await benchReportPdf());
record(await benchHeatMapPng());
// Bulk keywords (issue 18): an import of 1,000 keywords ≤ 2 s, on both databases.
await onBoth(benchKeywordImport);
// Campaigns (issue 18): a scheduler tick with 10,000 keyword scans due queues each exactly once within 30 s, on PostgreSQL.
if (pg) record(await benchCampaignScheduler({ databaseUrl: pg }));
// Video calls (issue 20): the free-slot listing with the calendar half booked.
await onBoth(benchVideoSlots);
// Rank data (issue 14): the standard queue's cost and calls, and a live scan at the vendor's own pace.
record(await benchStandardQueueScan());
record(await benchLiveVendorScan());
// AI visibility (issue 30): a 5×5 × 3-sample Google AI Mode scan's vendor cost, standard queue against live.
record(await benchAiEngineCost());
// AI visibility (issue 30): the metrics with intervals ≤ 20 ms p95; a live two-engine scan within 1.1× the vendor's bound.
record(benchAiMetrics());
await onBoth(benchAiVisibilityLiveScan);
// The live chat (issue 20): 200 open SSE chat clients, delivery p95 ≤ 200 ms, and the memory per connection; PostgreSQL is the target.
if (pg) record(await benchChatDelivery({ databaseUrl: pg }));
record(await benchChatDelivery());
// The API v1 (issue 19): a call with a key next to the same read with a session.
await onBoth(benchApiV1);
// Reviews (issue 31): the incremental sync and the list at 5,000 reviews.
await onBoth(benchReviewsSync);
await onBoth(benchReviewsPage);
// An MCP read tool over streamable HTTP with the official client (issue 19): p95 ≤ 50 ms.
await onBoth(benchMcpRead);
// The same read tools over an OAuth access token (issue 32): p95 ≤ 50 ms.
await onBoth(benchMcpOAuth);
// Webhooks (issue 19): 1,000 events delivered exactly once to a local receiver, with the time taken.
await onBoth(benchWebhookDelivery);
// The mixed load of signed-in users while scans run; PostgreSQL is what production runs.
await onBoth(benchLoad);
// Metrics (issue 28): the same open loop with /metrics on and scraped every 15 s against off, back to back; p99 within 5 %.
record(await benchLoadMetrics({ databaseUrl: pg }));

const out = path.join(root, 'bench/.results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'latest.json'), JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2));
console.log(`\nmachine: ${JSON.stringify(machine)}\nwritten to bench/.results/latest.json`);
