import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMailList } from '@rankmaps/shared/schemas/dev-mail';
import { api } from '@/lib/api-client';

export type { DevMailItem as OutboxEmail } from '@rankmaps/shared/schemas/dev-mail';

/** GET /dev/mail: the local outbox, newest first (404 when developer tools are off). */
export const getDevMail = (signal?: AbortSignal) => api<DevMailList>('/dev/mail', { signal });

export const devMailQuery = queryOptions({
  queryKey: ['dev', 'mail'],
  queryFn: ({ signal }) => getDevMail(signal),
  retry: false,
});

/** Polls every 5 s so a mail queued in another tab shows up without a reload. */
export function useDevMail(enabled: boolean) {
  return useQuery({ ...devMailQuery, enabled, refetchInterval: enabled ? 5000 : false });
}
