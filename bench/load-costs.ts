import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { round } from './lib';
import { summariseProfile } from './load-profile';
import { MIX_ROUTES, MIX_SHARES, browserHeaders } from './load-mix';
import { type LoadServer, postgresCpuSeconds } from './load-server';
import type { LoadUser } from './load-seed';
import { latencySummary } from './load-stats';

// What one request of each route costs the server on its own: requests one at a time on one
// connection, before the scans start, timed inside the server (request parsed → answer sent).
// With the mix's weights this gives the server time an average request of the mix needs, and
// so the most it could answer a second on one core, to compare with what the load test finds
// and to show which routes an optimisation should start with.

const WARM_UP = 100;
const CALLS = Number(process.env.LOAD_COST_CALLS ?? 300);

function get(agent: Agent, baseUrl: string, path: string, token: string): Promise<number> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers: browserHeaders(token) }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The path of a route for a user (the first of their keywords and analyses: repeated reads of one analysis are what its page does). */
function pathFor(route: string, u: LoadUser, i: number): string {
  const keywordId = u.keywordIds[i % u.keywordIds.length]!;
  const analysisId = u.analysisIds[i % u.analysisIds.length]!;
  const byRoute: Record<string, string> = {
    'GET /api/rankmap/{id}/status': `/api/rankmap/${analysisId}/status`,
    'GET /api/rankmap/keyword/{id}': `/api/rankmap/keyword/${keywordId}`,
    'GET /api/place/{id}?withKeywords=true': `/api/place/${u.placeId}?withKeywords=true`,
    'GET /api/keyword/{id}': `/api/keyword/${keywordId}`,
    'GET /api/rankmap/{id}': `/api/rankmap/${analysisId}`,
    'GET /api/rankmap/keyword/{id}/trend': `/api/rankmap/keyword/${keywordId}/trend`,
    'GET /api/place/{id}/competitors': `/api/place/${u.placeId}/competitors`,
  };
  return byRoute[route] ?? route.replace(/^GET /, '');
}

/** The route as the server's probe names it (no query string). */
const serverName = (route: string) => route.split('?')[0]!;

async function callRoute(agent: Agent, server: LoadServer, route: string, users: LoadUser[], calls: number): Promise<number[]> {
  const client: number[] = [];
  for (let i = 0; i < calls; i++) {
    const u = users[i % users.length]!;
    const t0 = performance.now();
    const status = await get(agent, server.url, pathFor(route, u, i), u.token);
    if (status !== 200) throw new Error(`${route} answered ${status}`);
    client.push(performance.now() - t0);
  }
  return client;
}

/**
 * The same calls again, each route under the CPU profiler: where one request of it spends
 * its time (the database engine, the ORM, Fastify, our code). A separate pass, as profiling
 * slows the server a little.
 */
export async function profileRoutes(server: LoadServer, users: LoadUser[], dir: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const out: Record<string, unknown> = {};
  try {
    for (const route of MIX_ROUTES) {
      const file = path.join(dir, `route-${MIX_ROUTES.indexOf(route)}.cpuprofile`);
      await server.startProfile();
      await callRoute(agent, server, route, users, CALLS);
      await server.stopProfile(file);
      const p = summariseProfile(file, 8);
      out[route] = { busyMsPerRequest: round((p.sampledMs * p.busyPercent) / 100 / CALLS, 2), selfByPackage: p.selfByPackage, inclusiveOwnCode: p.inclusiveOwnCode.slice(0, 6) };
    }
  } finally {
    agent.destroy();
  }
  return out;
}

export async function measureRouteCosts(server: LoadServer, users: LoadUser[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const perRoute: Record<string, { clientP50Ms: number; serverMeanMs: number; serverP50Ms: number; serverP90Ms: number; statementsPerRequest?: number; cpuMsPerRequest: number; postgresCpuMsPerRequest?: number }> = {};
  try {
    for (const route of MIX_ROUTES) {
      for (let i = 0; i < WARM_UP; i++) await get(agent, server.url, pathFor(route, users[i % users.length]!, i), users[i % users.length]!.token);
      await server.reset();
      const pg0 = postgresCpuSeconds();
      const client = await callRoute(agent, server, route, users, CALLS);
      const pgMs = (postgresCpuSeconds() - pg0) * 1000;
      const report = await server.report();
      const inside = report.routes[serverName(route)];
      if (!inside) throw new Error(`the probe saw no ${route}`);
      const s = latencySummary(inside.samples);
      perRoute[route] = {
        clientP50Ms: latencySummary(client).p50,
        serverMeanMs: round(inside.totalMs / inside.count, 2),
        serverP50Ms: s.p50,
        serverP90Ms: s.p90,
        cpuMsPerRequest: round(report.cpuMs / inside.count, 3),
        // Only PostgreSQL's are counted; nothing else runs meanwhile, so they are this route's.
        ...(report.statements > 0 ? { statementsPerRequest: round(report.statements / inside.count, 2), postgresCpuMsPerRequest: round(pgMs / inside.count, 3) } : {}),
      };
    }
  } finally {
    agent.destroy();
  }
  // Server time of an average request of the mix, and the share of it each route takes.
  const meanMs = MIX_ROUTES.reduce((n, r) => n + MIX_SHARES[r]! * perRoute[r]!.serverMeanMs, 0);
  const shareOfMixTime = Object.fromEntries(
    MIX_ROUTES.map((r) => [r, `${round(((MIX_SHARES[r]! * perRoute[r]!.serverMeanMs) / meanMs) * 100)}%`]).sort((a, b) => parseFloat(b[1]!) - parseFloat(a[1]!)),
  );
  return {
    method: `${CALLS} requests a route, one at a time, after ${WARM_UP} warm-up, scans not running; analyses already read once (their answers kept)`,
    perRoute,
    mixMeanServerMs: round(meanMs, 2),
    /** CPU an average request of the mix costs: the server process's, and PostgreSQL's (10 ms ticks, so coarse for one route). */
    mixMeanCpuMs: round(MIX_ROUTES.reduce((n, r) => n + MIX_SHARES[r]! * perRoute[r]!.cpuMsPerRequest, 0), 3),
    mixMeanPostgresCpuMs: round(MIX_ROUTES.reduce((n, r) => n + MIX_SHARES[r]! * (perRoute[r]!.postgresCpuMsPerRequest ?? 0), 0), 3),
    /** If the server's work were all on one core and nothing else ran: 1000 ÷ the mix's mean. */
    impliedMaxRequestsPerSecond: Math.round(1000 / meanMs),
    shareOfMixServerTime: shareOfMixTime,
  };
}
