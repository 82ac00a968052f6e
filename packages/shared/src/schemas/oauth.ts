import { z } from 'zod';
import { WORKSPACE_ROLES } from '../permissions';

// The consent screen and «Aplicaciones conectadas» (issue 32, docs/api.md «OAuth»,
// docs/decisions.md §33.3, docs/decisions.md §33.4): the session API the SPA calls around
// RankMaps' own OAuth authorization server for its MCP server.

const param = z.string('Los parámetros de la autorización no son válidos.').max(2000, 'Los parámetros de la autorización no son válidos.').optional();

/** The authorization request's parameters, as the client sent them to /oauth/authorize (RFC 6749 section 4.1.1, RFC 7636, RFC 8707). */
export const oauthAuthorizationParamsSchema = z.strictObject(
  {
    client_id: param,
    redirect_uri: param,
    response_type: param,
    code_challenge: param,
    code_challenge_method: param,
    resource: param,
    state: param,
    scope: param,
  },
  'Los parámetros de la autorización no son válidos.',
);
export type OAuthAuthorizationParams = z.infer<typeof oauthAuthorizationParamsSchema>;

export const oauthConsentSchema = z.object({
  client: z.object({ name: z.string(), redirectHost: z.string() }),
  workspaces: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      role: z.enum(WORKSPACE_ROLES),
      roleLabel: z.string(),
      /** What an assistant connected with this role may do, in Spanish (from the permission table). */
      capabilities: z.array(z.string()),
    }),
  ),
});
export type OAuthConsent = z.infer<typeof oauthConsentSchema>;

export const oauthDecisionBodySchema = z.strictObject(
  {
    params: oauthAuthorizationParamsSchema,
    decision: z.enum(['allow', 'deny'], 'Elige permitir o cancelar.'),
    workspaceId: z.string('Elige un espacio de trabajo.').max(100, 'Elige un espacio de trabajo.'),
  },
  'Envía los parámetros de la autorización, tu decisión y el espacio de trabajo.',
);
export type OAuthDecisionBody = z.infer<typeof oauthDecisionBodySchema>;

export const oauthDecisionSchema = z.object({ redirectTo: z.string() });
export type OAuthDecision = z.infer<typeof oauthDecisionSchema>;

export const connectedAppSchema = z.object({
  id: z.uuid(),
  clientName: z.string(),
  redirectHost: z.string(),
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  grantedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;

export const connectedAppListSchema = z.object({ apps: z.array(connectedAppSchema) });
export type ConnectedAppList = z.infer<typeof connectedAppListSchema>;

export const revokedConnectedAppSchema = z.object({ id: z.uuid(), revokedAt: z.string() });
export type RevokedConnectedApp = z.infer<typeof revokedConnectedAppSchema>;
