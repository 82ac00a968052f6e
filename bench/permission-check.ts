import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { rmSync } from 'node:fs';
import { clientListSchema } from '@rankmaps/shared/schemas/workspace';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildApp } from '../apps/server/src/app';
import { type requireWorkspace } from '../apps/server/src/plugins/auth';
import { access, routeKit } from '../apps/server/src/plugins/route-kit';
import { listClients } from '../apps/server/src/modules/clients/clients.service';
import { requireAction } from '../apps/server/src/modules/workspaces/workspace-access';
import { buildUser } from '../apps/server/test/factories';
import { round, runWhenAlone } from './lib';
import { latencyStats, timedGet } from './http-timing';
import { openBenchContainer } from './scan-env';
import { scopeOf } from '../apps/server/src/modules/workspaces/scope';

// The permission check (issue 29, docs/decisions.md §30.2): what `access.workspace(action)`
// adds to a route. The same route is declared twice on the real app, once `access.session`
// (no role check) and once `access.workspace('data.read')` (the kit's role check), with the
// same handler (the workspace's clients), and both are called over real HTTP on loopback,
// alternately, so that the machine's load falls on both alike. The hook is also timed alone.
// Goal: ≤ 1 ms added at p95.

const CLIENTS = 20;
const WARM_UP = 50;
const CALLS = 1_000;
const HOOK_CALLS = 200_000;

/** The two twins: the same handler behind the two kinds of access. */
const twins: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['desarrollo'] });
  const handler = async (request: Parameters<typeof requireWorkspace>[0]) => listClients(app.container, scopeOf(request));
  route.get('/bench/clients-session', { operationId: 'benchClientsSession', summary: 'Banco de pruebas', access: access.session, answer: { schema: clientListSchema }, hide: true }, handler);
  route.get('/bench/clients-workspace', { operationId: 'benchClientsWorkspace', summary: 'Banco de pruebas', access: access.workspace('data.read'), answer: { schema: clientListSchema }, hide: true }, handler);
};

export async function benchPermissionCheck(opts: { databaseUrl?: string } = {}) {
  const { dataDir, scratch, container } = await openBenchContainer('rankmaps-bench-permission-', opts.databaseUrl);
  const app = await buildApp(container);
  await app.register(twins, { prefix: '/api' });
  await app.ready();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const owner = await buildUser(container, { name: 'Agencia' });
    await container.database.db.execute(sql`insert into clients (user_id, name) select ${owner.id}, 'Cliente ' || c from generate_series(1, ${CLIENTS}) c`);
    const headers = { authorization: `Bearer ${await container.accessTokens.sign(owner.id)}`, accept: 'application/json' };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/bench/`;
    const call = async (which: 'session' | 'workspace') => {
      const a = await timedGet(agent, new URL(`${base}clients-${which}`), headers);
      if (a.status !== 200) throw new Error(`${which}: ${a.status} ${a.body.toString('utf8').slice(0, 200)}`);
      return a.totalMs;
    };
    for (let i = 0; i < WARM_UP; i++) {
      await call('session');
      await call('workspace');
    }
    const without: number[] = [];
    const withCheck: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      // Alternate which goes first, so neither always follows the other.
      if (i % 2 === 0) {
        without.push(await call('session'));
        withCheck.push(await call('workspace'));
      } else {
        withCheck.push(await call('workspace'));
        without.push(await call('session'));
      }
    }
    // The hook alone, on a signed-in request as the auth hook leaves it.
    const hook = requireAction('data.read');
    const request = { userId: owner.id, workspace: { id: owner.id, role: 'member', clientIds: [], actorId: owner.id } } as unknown as Parameters<typeof hook>[0];
    for (let i = 0; i < 10_000; i++) await hook(request);
    const h0 = performance.now();
    for (let i = 0; i < HOOK_CALLS; i++) await hook(request);
    const hookNs = ((performance.now() - h0) * 1e6) / HOOK_CALLS;
    const a = latencyStats(without, 2);
    const b = latencyStats(withCheck, 2);
    return {
      name: `A route with and without the permission check, ${CALLS} calls each, alternating, real HTTP on loopback (${scratch ? 'PostgreSQL' : 'PGlite'})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      withoutCheck: a,
      withCheck: b,
      addedAtP50Ms: round(b.p50Ms - a.p50Ms, 3),
      addedAtP95Ms: round(b.p95Ms - a.p95Ms, 3),
      hookAloneNs: round(hookNs, 0),
      goal: 'the check adds ≤ 1 ms at p95',
    };
  } finally {
    agent.destroy();
    await app.close();
    await container.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runWhenAlone(import.meta.url, benchPermissionCheck);
