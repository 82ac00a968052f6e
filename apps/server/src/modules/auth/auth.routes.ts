import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passwordResetRoutes } from './password-reset.routes';
import { sessionRoutes } from './session.routes';
import { signupRoutes } from './signup.routes';

/** Everything under /api/auth: accounts, sessions and the links sent by e-mail. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(signupRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordResetRoutes);
};
