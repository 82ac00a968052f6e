import type { Config } from '../../config';

// The URLs of RankMaps as a protected resource and as its own authorization server
// (docs/decisions.md §33.1), all from APP_URL: the issuer is the site's origin, the resource
// (RFC 8707) is its /mcp. Never from the request's Host header, which a client writes.

export function oauthUrls(config: Pick<Config, 'appUrl'>) {
  const issuer = config.appUrl;
  return {
    issuer,
    resource: `${issuer}/mcp`,
    resourceMetadata: `${issuer}/.well-known/oauth-protected-resource/mcp`,
    authorization: `${issuer}/oauth/authorize`,
    token: `${issuer}/oauth/token`,
    registration: `${issuer}/oauth/register`,
    revocation: `${issuer}/oauth/revoke`,
    /** The SPA's consent screen (apps/web, route /autorizar). */
    consent: `${issuer}/autorizar`,
  };
}

export type OAuthUrls = ReturnType<typeof oauthUrls>;

/** The Protected Resource Metadata of /mcp (RFC 9728 section 2). */
export function protectedResourceMetadata(urls: OAuthUrls) {
  return {
    resource: urls.resource,
    authorization_servers: [urls.issuer],
    bearer_methods_supported: ['header'],
    resource_name: 'RankMaps MCP',
    resource_documentation: `${urls.issuer}/api/docs`,
  };
}

/** The Authorization Server Metadata (RFC 8414 section 2). */
export function authorizationServerMetadata(urls: OAuthUrls) {
  return {
    issuer: urls.issuer,
    authorization_endpoint: urls.authorization,
    token_endpoint: urls.token,
    registration_endpoint: urls.registration,
    revocation_endpoint: urls.revocation,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    service_documentation: `${urls.issuer}/api/docs`,
    ui_locales_supported: ['es'],
  };
}
