import { readFileSync } from 'node:fs';
import { round } from './lib';

// Where the server spent its CPU under load: a V8 CPU profile (.cpuprofile, as written by the
// inspector's Profiler.stop) summed by function and by package, so the costly routes and
// libraries stand out without opening the profile in a viewer.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** node_modules/<pkg> (with its scope), our own folders, or V8's and Node's. */
function areaOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? `node:${url.split('/')[1]}` : url;
  const own = /\/(apps\/server\/src|packages\/shared\/src|bench)\/(.*)$/.exec(url);
  if (own) {
    const dirs = own[2]!.split('/');
    return `${own[1]}/${dirs.length > 1 ? dirs.slice(0, -1).join('/') : dirs[0]}`;
  }
  return url;
}

const shortUrl = (url: string) => url.replace(/^.*\/(node_modules|apps|packages|bench)\//, '$1/');

function keyOf(n: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = n.callFrame;
  // tsx emits each module on one line: the column tells anonymous functions apart.
  return url ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}:${columnNumber + 1}` : functionName || '(anonymous)';
}

const top = (m: Map<string, number>, totalMs: number, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, us]) => ({ name, ms: round(us / 1000), percent: round((us / 1000 / totalMs) * 100) }));

export function summariseProfile(file: string, n = 20) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(p.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);

  // A native function (no script) is charged to the package of its nearest JavaScript caller.
  const areaOfSample = (id: number): string => {
    const node = byId.get(id)!;
    const { url, functionName } = node.callFrame;
    if (url || functionName.startsWith('(')) return areaOf(url, functionName);
    for (let cur = parent.get(id); cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!;
      if (f.callFrame.url) return `${areaOf(f.callFrame.url, f.callFrame.functionName)} (native)`;
    }
    return '(native)';
  };
  const selfByFn = new Map<string, number>();
  const selfByArea = new Map<string, number>();
  // Inclusive time of our own code (server and shared), each function counted once per sample even when recursive.
  const inclusiveOwn = new Map<string, number>();
  // The probe's own calls into the profiler are left out: they are the measurement, not the server.
  const isProbe = (id: number) => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) if (byId.get(cur)!.callFrame.url.endsWith('bench/load-probe.ts')) return true;
    return false;
  };
  let totalUs = 0;
  let idleUs = 0;
  let probeUs = 0;
  p.samples.forEach((id, i) => {
    const us = p.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    if (isProbe(id)) {
      probeUs += us;
      return;
    }
    totalUs += us;
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us;
      return;
    }
    const k = keyOf(node);
    selfByFn.set(k, (selfByFn.get(k) ?? 0) + us);
    const area = areaOfSample(id);
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const f = byId.get(cur)!;
      if (!/\/(apps\/server\/src|packages\/shared\/src)\//.test(f.callFrame.url)) continue;
      const fk = keyOf(f);
      if (seen.has(fk)) continue;
      seen.add(fk);
      inclusiveOwn.set(fk, (inclusiveOwn.get(fk) ?? 0) + us);
    }
  });
  const busyMs = (totalUs - idleUs) / 1000;
  return {
    sampledMs: round(totalUs / 1000),
    probeMs: round(probeUs / 1000),
    busyPercent: round((busyMs / (totalUs / 1000)) * 100),
    /** Shares below are of the busy (non-idle) time. */
    selfByPackage: top(selfByArea, busyMs, n),
    selfByFunction: top(selfByFn, busyMs, n),
    inclusiveOwnCode: top(inclusiveOwn, busyMs, n),
  };
}

if (process.argv[1] === import.meta.filename) {
  // Alone: node --import tsx bench/load-profile.ts file.cpuprofile
  console.log(JSON.stringify(summariseProfile(process.argv[2]!, 30), null, 2));
}
