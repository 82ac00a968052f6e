import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app registered, as Fastify saw it: what the security tests walk. */
    routeTable: readonly RouteOptions[];
  }
}

/**
 * Records each route as it is registered. Register before any route: the authorization
 * matrix and the fuzzing tests derive their cases from this list, so a new endpoint is
 * covered without anyone keeping a list by hand.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
}
