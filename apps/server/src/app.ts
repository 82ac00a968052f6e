import zlib from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from './container';
import { healthRoutes } from './modules/health/health.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { registerRateLimits } from './modules/rate-limits/policy';
import { authPlugin } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerJsonBodyParser } from './plugins/json-body-parser';
import { registerMetrics } from './plugins/metrics';
import { quietRequestLogController, registerRequestLog } from './plugins/request-log';
import { registerRouteTable } from './plugins/route-table';
import { registerSecurity } from './plugins/security';
import { registerStaticWeb } from './plugins/static-web';
import { registerTextGuard } from './plugins/text-guard';
import { registerModules } from './modules';
import { registerActivityRecorder } from './modules/activity/activity-recorder';
import { processBillingEvent } from './modules/billing/billing-events.service';


export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  webDist?: string;
}

/** Fastify's trustProxy for `hops` proxies in front of the API: false for none. */
export function trustedProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}

/**
 * Registration order shows the architecture: infrastructure plugins, then application
 * plugins, then the routes of each domain.
 */
export async function buildApp(container: Container, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // Typed as Fastify's logger so the instance keeps Fastify's default logger type.
  const logger: FastifyBaseLogger = container.log;
  const app = Fastify({
    loggerInstance: logger,
    // One line per request instead, from registerRequestLog.
    logController: quietRequestLogController(),
    bodyLimit: 1024 * 1024,
    // Only the proxies in front of us are trusted: the client address is what the nearest one
    // saw, never an X-Forwarded-For entry the client wrote itself (see config trustProxyHops).
    trustProxy: trustedProxyHops(container.config.trustProxyHops),
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500 },
    // URLs the router refuses before any route runs get the same Spanish answer as the rest.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('container', container);
  // The sandbox applies its events through the same billing code as Stripe's webhook.
  container.payments.onEvent((event) => processBillingEvent(container, event));
  registerRouteTable(app);
  registerActivityRecorder(app);
  registerRequestLog(app);
  // Off (no hook, no route) unless METRICS_TOKEN is set.
  registerMetrics(app);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerTextGuard(app);

  await registerSecurity(app, container.config);
  // Brotli at a moderate quality: most of the size win of the maximum, at a fraction of the CPU.
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(cookie);
  await registerRateLimits(app, container);
  await registerDocs(app);
  await app.register(authPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(publicConfigRoutes, { prefix: '/api' });
  await registerModules(app);

  if (opts.serveWeb) await registerStaticWeb(app, opts.webDist ?? container.config.webDist);
  return app;
}
