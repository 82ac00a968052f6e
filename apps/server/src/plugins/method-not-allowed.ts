import type { FastifyInstance } from 'fastify';

// A known path called with a method it does not have answers 405 with `Allow` (RFC 9110,
// section 15.5.6), not 404: the path exists, the method is what is wrong. Paths are no secret (ids
// in them are checked by each route), so saying which methods exist reveals nothing.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods registered for the path of `url`; none for an unknown path or one only the SPA's catch-all serves. */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? '/';
  return METHODS.filter((method) => {
    const found = app.findRoute({ method, url: path });
    // A wildcard (the SPA's history fallback, the docs' static files) would match any path.
    return found !== null && !('*' in (found.params as Record<string, string>));
  });
}

export const methodNotAllowedMessage = (allowed: readonly string[]) => `Esta dirección no admite este método. Métodos admitidos: ${allowed.join(', ')}.`;
