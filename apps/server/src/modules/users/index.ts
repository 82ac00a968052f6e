import type { FastifyInstance } from 'fastify';
import { uploadsRoutes } from './uploads.routes';
import { usersRoutes } from './users.routes';

/** Users: the profile API under /api/user, and the stored pictures under /uploads. */
export async function registerUsers(app: FastifyInstance) {
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(uploadsRoutes);
}
