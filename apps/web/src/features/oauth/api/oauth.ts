import { useQuery } from '@tanstack/react-query';
import type { ConnectedAppList, OAuthAuthorizationParams, OAuthConsent, OAuthDecision, OAuthDecisionBody, RevokedConnectedApp } from '@rankmaps/shared/schemas/oauth';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Query keys of the OAuth consent and «Aplicaciones conectadas» (docs/api.md «OAuth»). */
export const oauthKeys = { consent: (params: OAuthAuthorizationParams) => ['oauth-consent', params] as const, apps: ['oauth-apps'] as const };

/** The parameters of an authorization request that the consent API takes, from the page's query. */
export function authorizationParamsOf(search: URLSearchParams): OAuthAuthorizationParams {
  const names = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'resource', 'state', 'scope'] as const;
  const params: OAuthAuthorizationParams = {};
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

/** GET /oauth/authorization: the client, where it sends you back, and your workspaces with role and capabilities. */
export function useOAuthConsent(params: OAuthAuthorizationParams) {
  return useQuery({
    queryKey: oauthKeys.consent(params),
    queryFn: ({ signal }) => api<OAuthConsent>(`/oauth/authorization?${new URLSearchParams(params as Record<string, string>).toString()}`, { signal }),
    retry: false,
  });
}

export const useOAuthDecision = () => useInvalidatingMutation((body: OAuthDecisionBody) => api<OAuthDecision>('/oauth/authorization', { method: 'POST', body }), [oauthKeys.apps]);

/** GET /oauth/grants: the person's connected apps. */
export function useConnectedApps() {
  return useQuery({ queryKey: oauthKeys.apps, queryFn: ({ signal }) => api<ConnectedAppList>('/oauth/grants', { signal }) });
}

export const useRevokeConnectedApp = () => useInvalidatingMutation((id: string) => api<RevokedConnectedApp>(`/oauth/grants/${id}`, { method: 'DELETE' }), [oauthKeys.apps]);
