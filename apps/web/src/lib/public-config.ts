import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@rankmaps/shared/schemas/config';
import { api } from './api-client';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: () => api<PublicConfig>('/config'),
  staleTime: Infinity,
});

/** Non-secret settings from the server: captcha provider, Google client id, contact details, dev tools. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
