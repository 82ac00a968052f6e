import type { FastifyInstance } from 'fastify';

/** The routes of each domain, under /api. One line per module. */
export async function registerModules(app: FastifyInstance) {
  void app;
}
