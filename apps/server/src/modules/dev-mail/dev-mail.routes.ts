import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailListSchema } from '@rankmaps/shared/schemas/dev-mail';
import { listRecentEmails } from './dev-mail.service';

/**
 * The local outbox, so sign-up and reset links can be followed without a mail server.
 * It exists only with developer tools on; in production the path is a plain 404.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  app.get(
    '/dev/mail',
    { schema: { tags: ['desarrollo'], summary: 'Últimos 50 emails guardados (solo con herramientas de desarrollo)', response: { 200: devMailListSchema } } },
    async () => ({ emails: await listRecentEmails(app.container) }),
  );
};
