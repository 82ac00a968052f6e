import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '@rankmaps/shared/schemas/config';
import { isLoopbackRequest } from '../../dev-tools';
import { access, routeKit } from '../../plugins/route-kit';

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['sistema'] });

  route.get('/config', { operationId: 'getPublicConfig', summary: 'Configuración pública de la aplicación: captcha, inicio de sesión con Google, contacto y servicios de demostración', access: access.public, answer: { schema: publicConfigSchema } }, async (request) => {
    const { config, mail } = app.container;
    return {
      captcha: config.recaptcha ? { provider: 'recaptcha' as const, siteKey: config.recaptcha.siteKey } : { provider: 'altcha' as const },
      googleClientId: config.googleClientId ?? null,
      devTools: config.devTools,
      // The outbox answers only this machine's clients: elsewhere the interface leaves out its links.
      devOutbox: config.devTools && isLoopbackRequest(request),
      contactEmail: config.supportEmail,
      contactPhone: config.contactPhone,
      // Which services are local stand-ins, so the interface can label their data as such.
      demo: {
        maps: config.mapsSearch.provider === 'demo',
        places: config.places.provider === 'demo',
        // The sandbox only while it is on: production without Stripe has no payments at all (503), not demo ones.
        payments: config.payments.sandboxEnabled,
        email: mail.name === 'outbox',
      },
    };
  });
};
