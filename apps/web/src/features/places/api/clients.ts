import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client, ClientList, PortfolioQuery, PortfolioResponse } from '@rankmaps/shared/schemas/workspace';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

// Clients and the portfolio (docs/decisions.md §25.1). Both hang off the places' query keys, so
// a change to places, clients or analyses refreshes them together.

export const clientsKey = [...placesKeys.all, 'clients'] as const;
export const portfolioKey = [...placesKeys.all, 'portfolio'] as const;

export const getClients = () => api<ClientList>('/clients');
export function useClients() {
  return useQuery({ queryKey: clientsKey, queryFn: getClients });
}

function useClientMutation<T, V>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: placesKeys.all }) });
}

export const useCreateClient = () => useClientMutation((name: string) => api<Client>('/clients', { method: 'POST', body: { name } }));
export const useRenameClient = () =>
  useClientMutation(({ id, name }: { id: string; name: string }) => api<Client>(`/clients/${encodeURIComponent(id)}`, { method: 'PUT', body: { name } }));
export const useDeleteClient = () => useClientMutation((id: string) => api<{ message: string }>(`/clients/${encodeURIComponent(id)}`, { method: 'DELETE' }));
/** POST /clients/:id/logo as multipart, the file in the field `logo` (docs/decisions.md §25.1). */
export const useUploadClientLogo = () =>
  useClientMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('logo', file);
    return api<Client>(`/clients/${encodeURIComponent(id)}/logo`, { method: 'POST', body: form });
  });
export const useDeleteClientLogo = () => useClientMutation((id: string) => api<Client>(`/clients/${encodeURIComponent(id)}/logo`, { method: 'DELETE' }));
export const useSetPlaceClient = () =>
  useClientMutation(({ placeId, clientId }: { placeId: string; clientId: string | null }) =>
    api<{ placeId: string; client: { id: string; name: string } | null }>(`/place/${encodeURIComponent(placeId)}/client`, { method: 'PUT', body: { clientId } }),
  );

/** GET /portfolio with the query's set values; the previous page stays while the next loads. */
export function usePortfolio(query: PortfolioQuery) {
  const entries = Object.entries(query) as [string, string | number | undefined][];
  const search = new URLSearchParams(entries.flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]]))).toString();
  return useQuery({
    queryKey: [...portfolioKey, search],
    queryFn: ({ signal }) => api<PortfolioResponse>(`/portfolio${search ? `?${search}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
