import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as InternalPaths } from './generated/internal';
import type { paths as PublicPaths } from './generated/public';

// The typed clients of the RankMaps API (docs/api.md, «Cliente TypeScript»), generated from the
// OpenAPI references the server serves (`npm run client:generate`; a test fails when stale):
// - `createRankMapsClient` for the public API v1, with an API key (rmk_…);
// - `createInternalClient` for the session API the web app uses (tests and tools).
// Every path, parameter, body and answer is typed; errors come back as `{ error, code }`.

export type { paths as PublicPaths, components as PublicComponents } from './generated/public';
export type { paths as InternalPaths, components as InternalComponents } from './generated/internal';

export interface ClientOptions {
  /** The server's origin, e.g. https://app.rankmaps.es or http://localhost:3000. */
  baseUrl: string;
  /** A fetch of your own (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

const bearer = (token: () => string | undefined): Middleware => ({
  onRequest({ request }) {
    const value = token();
    if (value) request.headers.set('authorization', `Bearer ${value}`);
    return request;
  },
});

/** The public API v1 with an API key: `client.GET('/api/v1/places', { params: { query: { limit: 20 } } })`. */
export function createRankMapsClient(options: ClientOptions & { apiKey: string }) {
  const client = createClient<PublicPaths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  client.use(bearer(() => options.apiKey));
  return client;
}

/** The session API: `token` is read on each request, so a sign-in made with the client applies to the calls after it. */
export function createInternalClient(options: ClientOptions & { token?: () => string | undefined }) {
  const client = createClient<InternalPaths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.token) client.use(bearer(options.token));
  return client;
}
