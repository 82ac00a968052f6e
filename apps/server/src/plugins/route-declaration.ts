import type { RouteOptions } from 'fastify';
import type { WorkspaceAction } from '@rankmaps/shared/permissions';
import type { ApiKeyScope } from '@rankmaps/shared/schemas/api-keys';

// What a declared route keeps on `config.declaration` (route-kit.ts), and what the API
// reference, the tests and the 405 answer read back. Framework-free, so tests and the docs
// transform import it without the kit's hooks.

/**
 * Who may call a route: anyone; a signed-in person, on their own things (profile, bell,
 * support); a signed-in person whose role in the active workspace may do the action, by the
 * permission table (packages/shared/src/permissions.ts; 403 otherwise); an operator (others
 * get 404); or an API key with a permission.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | { readonly kind: 'workspace'; readonly action: WorkspaceAction }
  | { readonly kind: 'operator' }
  | { readonly kind: 'apiKey'; readonly scope: ApiKeyScope };

export const access = {
  public: { kind: 'public' },
  session: { kind: 'session' },
  workspace: (action: WorkspaceAction): Access => ({ kind: 'workspace', action }),
  operator: { kind: 'operator' },
  apiKey: (scope: ApiKeyScope): Access => ({ kind: 'apiKey', scope }),
} as const satisfies Record<string, Access | ((scope: never) => Access)>;

/** Files a route answers with instead of JSON. */
export type Download = 'application/pdf' | 'text/csv' | 'text/html' | 'application/xml' | 'text/plain' | 'image/png' | 'image/webp' | 'image/svg+xml' | 'text/calendar' | 'application/octet-stream';

/** Where a download's content type travels on the route schema, to the API reference's transform. */
export const DOWNLOAD_KEY = 'x-rankmaps-download';
/** Where the description of a JSON answer's Server-Sent Events alternative travels, likewise. */
export const EVENT_STREAM_KEY = 'x-rankmaps-event-stream';

export interface DeclaredRoute {
  operationId: string;
  access: Access;
  refusals: readonly number[];
  download: Download | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the route kit on every route it registers. */
    declaration?: DeclaredRoute;
  }
}

export const isCamelCase = (name: string) => /^[a-z][a-zA-Z0-9]*$/.test(name);

/** The declaration of a route from the route table, or undefined for one registered by hand. */
export function declarationOf(route: Pick<RouteOptions, 'config'>): DeclaredRoute | undefined {
  return route.config?.declaration;
}
