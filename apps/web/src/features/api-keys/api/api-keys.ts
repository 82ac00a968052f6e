import { useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiKeyList, CreateApiKeyInput, CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Query keys of the API keys feature (docs/api.md). */
export const apiKeyKeys = { list: ['api-keys'] as const };

/** GET /api-keys: the user's keys and whether the plan allows new ones. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: ({ signal }) => api<ApiKeyList>('/api-keys', { signal }) });
}

export const useCreateApiKey = () => useInvalidatingMutation((body: CreateApiKeyInput) => api<CreatedApiKey>('/api-keys', { method: 'POST', body }), [apiKeyKeys.list]);

export const useRevokeApiKey = () => useInvalidatingMutation((id: string) => api<ApiKey>(`/api-keys/${id}`, { method: 'DELETE' }), [apiKeyKeys.list]);
