import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, routeKit } from '../../plugins/route-kit';
import { aiEnginesHealth } from '../../providers/ai-answers';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']) }),
  queue: z.object({ ok: z.boolean() }),
  /** 'building' until the sea index is loaded (or built, on the first start). */
  seaIndex: z.enum(['ready', 'building', 'failed']),
  adapters: z.record(z.string(), z.string()),
  /** The Node.js that runs this process (`v24.…`): the one the repository brings (docs/decisions.md §29.9). */
  runtime: z.object({ node: z.string() }),
});

// Reports the database, the queue and which implementation of each external service is
// active, so an operator can tell a demo set-up from a production one at a glance.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['sistema'] });

  route.get('/health', { operationId: 'checkHealth', summary: 'Estado de la base de datos, de la cola y de cada servicio externo', description: 'Responde 503 con el mismo cuerpo (status: degraded) si la base de datos o la cola no responden.', access: access.public, answer: { schema: healthSchema, alsoWith: [503] } }, async (_request, reply) => {
    const c = app.container;
    const dbOk = await c.database.ping().then(
      () => true,
      () => false,
    );
    const queueOk =
      dbOk &&
      (await c.boss.getQueue('__health__').then(
        () => true,
        () => false,
      ));
    const body = {
      status: dbOk && queueOk ? ('ok' as const) : ('degraded' as const),
      database: { ok: dbOk, driver: c.database.driver },
      queue: { ok: queueOk },
      seaIndex: c.seaIndex.status(),
      adapters: {
        email: c.mail.name,
        captcha: c.captcha.name,
        googleSignIn: c.config.googleClientId ? 'google' : 'disabled',
        mapsSearch: c.mapsSearch.name,
        places: c.places.name,
        // 'disabled': no provider configured (production without Stripe), payments answer 503.
        payments: c.config.payments.available ? c.payments.name : 'disabled',
        gbp: c.gbp.name,
        storage: c.storage.name,
        // One entry per AI engine, 'ai.<id>': demo, dataforseo, gemini or disabled (docs/decisions.md §31.1).
        ...aiEnginesHealth(c.aiEngines),
      },
      runtime: { node: process.version },
    };
    return reply.status(body.status === 'ok' ? 200 : 503).send(body);
  });
};
