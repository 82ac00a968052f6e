import { Worker } from 'node:worker_threads';

// A fixed-rate, open-loop HTTP load generator in a worker thread, so that sending and timing
// do not share the event loop of an in-process server. Request n is due at t0 + n / rate and
// its latency counts from then (no coordinated omission), as in bench/load-paced.ts. Plain JS
// (evaluated), so the worker needs no TypeScript loader.

export interface OpenLoopOptions {
  baseUrl: string;
  paths: string[];
  headers: Record<string, string>;
  rate: number;
  durationMs: number;
  maxSockets: number;
  timeoutMs: number;
}

export interface OpenLoopResult {
  sent: number;
  wallMs: number;
  maxInFlight: number;
  /** Latencies of the answered requests, in ms, from when each was due. */
  latencies: number[];
  statuses: Record<string, number>;
}

const SOURCE = `
const { parentPort, workerData: o } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: o.maxSockets });
const base = new URL(o.baseUrl);
const latencies = [];
const statuses = {};
let sent = 0, inFlight = 0, maxInFlight = 0, done = false;
const t0 = performance.now();
const count = (k) => { statuses[k] = (statuses[k] || 0) + 1; };
const finishIfDone = () => {
  if (done && inFlight === 0) { agent.destroy(); parentPort.postMessage({ sent, wallMs: performance.now() - t0, maxInFlight, latencies, statuses }); }
};
const send = (dueAt) => {
  const path = o.paths[sent % o.paths.length];
  inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
  let finished = false;
  const finish = (key) => {
    if (finished) return; finished = true; inFlight--;
    count(key);
    if (key === '200') latencies.push(performance.now() - dueAt);
    finishIfDone();
  };
  const req = http.request({ host: base.hostname, port: base.port, path, agent, headers: o.headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => finish(String(res.statusCode)));
    res.on('error', () => finish('error'));
  });
  const timer = setTimeout(() => { finish('timeout'); req.destroy(); }, o.timeoutMs);
  req.on('close', () => clearTimeout(timer));
  req.on('error', () => finish('error'));
  req.end();
};
const interval = 1000 / o.rate;
const timer = setInterval(() => {
  const elapsed = performance.now() - t0;
  const until = Math.min(elapsed, o.durationMs);
  while (sent * interval < until) send(t0 + sent++ * interval);
  if (elapsed >= o.durationMs) { clearInterval(timer); done = true; finishIfDone(); }
}, 1);
`;

export function runOpenLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SOURCE, { eval: true, workerData: opts });
    worker.once('message', (m: OpenLoopResult) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}
