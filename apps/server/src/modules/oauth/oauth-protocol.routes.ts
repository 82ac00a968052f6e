import { OAuthError, ServerError, TooManyRequestsError, InvalidRequestError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../errors';
import { registerClient } from './oauth-clients.service';
import { checkAuthorizationRequest, redirectWith } from './oauth-authorize.service';
import { OAUTH_CORS_PATHS, allowCors } from './oauth-cors';
import { oauthErrorPage } from './oauth-error-page';
import { revocationRequest, tokenRequest } from './oauth-token.service';
import { authorizationServerMetadata, oauthUrls, protectedResourceMetadata } from './oauth-urls';

// The OAuth 2.1 endpoints of RankMaps as its own authorization server, and the metadata of /mcp
// as a protected resource (docs/api.md «OAuth», docs/decisions.md §33.1). Protocol endpoints,
// not REST routes: their bodies and refusals are the RFCs' ({ error, error_description }), so
// like /mcp they are documented in docs/api.md and left out of the OpenAPI document. The
// descriptions are Spanish; the error codes are the RFCs'.

const FORM_LIMIT = 8 * 1024;

function sendOAuthError(reply: FastifyReply, err: OAuthError) {
  const status = err.errorCode === 'invalid_client' ? 401 : err instanceof ServerError ? 500 : err instanceof TooManyRequestsError ? 429 : 400;
  return reply.status(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(err.toResponseObject());
}

export const oauthProtocolRoutes: FastifyPluginAsync = async (app) => {
  const { container } = app;
  const urls = oauthUrls(container.config);
  const hide = { schema: { hide: true } };

  // RFC 6749 section 3.2: the token endpoint takes a form; JSON is accepted too, as by most servers.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(body as string)) {
      const seen = form[key];
      // A repeated parameter stays a list, which every handler refuses as invalid_request (RFC 6749 section 3.2).
      form[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
    done(null, form);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof OAuthError) return sendOAuthError(reply, err);
    // The app's own refusals before a handler runs (a NUL in the query, a __proto__ key): their Spanish message as invalid_request.
    if (err instanceof AppError && err.status < 500)
      return sendOAuthError(reply, err.status === 429 ? new TooManyRequestsError(err.message) : new InvalidRequestError(err.message));
    const status = err.statusCode ?? 500;
    if (status === 429) return sendOAuthError(reply, new TooManyRequestsError('Demasiadas peticiones. Espera un momento.'));
    if (status < 500) {
      request.log.info({ code: err.code, status }, 'oauth client error');
      return sendOAuthError(reply, new InvalidRequestError('La petición no es válida: envía un formulario application/x-www-form-urlencoded o JSON.'));
    }
    request.log.error({ err }, 'oauth endpoint failed');
    return sendOAuthError(reply, new ServerError('Error interno del servidor.'));
  });

  // Browser-based MCP clients call these from their own origin (docs/decisions.md §33.9).
  allowCors(app, OAUTH_CORS_PATHS);

  const prm = protectedResourceMetadata(urls);
  const asm = authorizationServerMetadata(urls);
  const json = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'public, max-age=3600').type('application/json; charset=utf-8').send(body);
  // RFC 9728 section 3.1: the metadata of the resource https://host/mcp is at /.well-known/oauth-protected-resource/mcp;
  // the root form serves clients that look there first.
  app.get('/.well-known/oauth-protected-resource', hide, async (_request, reply) => json(reply, prm));
  app.get('/.well-known/oauth-protected-resource/mcp', hide, async (_request, reply) => json(reply, prm));
  app.get('/.well-known/oauth-authorization-server', hide, async (_request, reply) => json(reply, asm));

  app.post('/oauth/register', { ...hide, bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const client = await registerClient(container, request.body);
    return reply.status(201).header('cache-control', 'no-store').send(client);
  });

  app.get('/oauth/authorize', hide, async (request, reply) => {
    const checked = await checkAuthorizationRequest(container, request.query as Record<string, unknown>);
    if (checked.kind === 'page') return reply.status(400).type('text/html; charset=utf-8').send(oauthErrorPage(checked.message));
    if (checked.kind === 'redirect')
      return reply.redirect(redirectWith(checked.redirectUri, { error: checked.error, error_description: checked.description, state: checked.state }), 302);
    // The consent screen (the SPA) takes the same parameters and signs the person in first if needed.
    const query = request.url.slice(request.url.indexOf('?'));
    return reply.redirect(`/autorizar${query}`, 302);
  });

  app.post('/oauth/token', { ...hide, bodyLimit: FORM_LIMIT }, async (request, reply) => {
    const tokens = await tokenRequest(container, (request.body ?? {}) as Record<string, unknown>);
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(tokens);
  });

  app.post('/oauth/revoke', { ...hide, bodyLimit: FORM_LIMIT }, async (request, reply) => {
    await revocationRequest(container, (request.body ?? {}) as Record<string, unknown>);
    return reply.header('cache-control', 'no-store').send({});
  });
};
