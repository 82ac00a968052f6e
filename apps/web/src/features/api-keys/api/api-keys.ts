import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyList, CreateApiKeyInput, CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { api } from '@/lib/api-client';

/** Query keys of the API keys feature (docs/api.md). */
export const apiKeyKeys = { list: ['api-keys'] as const };

/** GET /api-keys: the user's keys and whether the plan allows new ones. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: ({ signal }) => api<ApiKeyList>('/api-keys', { signal }) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyInput) => api<CreatedApiKey>('/api-keys', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
}
