import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignDetail,
  CampaignForecast,
  CampaignList,
  CampaignPreview,
  CampaignRequest,
} from '@rankmaps/shared/schemas/campaigns';
import { api } from '@/lib/api-client';

// Campaigns and their 30-day forecast (docs/workspace.md «Campañas», docs/decisions.md §25.3 and docs/decisions.md §25.4).
// Every change to a campaign refreshes the list, its detail and the forecast together.

export const campaignsKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignsKeys.all, 'list'] as const,
  detail: (id: string) => [...campaignsKeys.all, 'detail', id] as const,
  forecast: () => [...campaignsKeys.all, 'forecast'] as const,
  preview: (body: string) => [...campaignsKeys.all, 'preview', body] as const,
};

const byId = (id: string) => `/campaigns/${encodeURIComponent(id)}`;

export function useCampaigns() {
  return useQuery({ queryKey: campaignsKeys.list(), queryFn: ({ signal }) => api<CampaignList>('/campaigns', { signal }) });
}

export function useCampaign(id: string | undefined) {
  return useQuery({
    queryKey: campaignsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<CampaignDetail>(byId(id ?? ''), { signal }),
    enabled: Boolean(id),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

/** The 30-day forecast; only pro plans pay credits for scheduled work, so only they ask. */
export function useCampaignForecast(enabled = true) {
  return useQuery({
    queryKey: campaignsKeys.forecast(),
    queryFn: ({ signal }) => api<CampaignForecast>('/campaigns/forecast', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * POST /campaigns/preview for the editor's (already debounced) fields: what a round costs and takes,
 * and the forecast before and after. The previous answer stays on screen while the next loads.
 */
export function useCampaignPreview(id: string | null, campaign: CampaignRequest | null) {
  const body = campaign ? JSON.stringify({ id, campaign }) : '';
  return useQuery({
    queryKey: campaignsKeys.preview(body),
    queryFn: ({ signal }) => api<CampaignPreview>('/campaigns/preview', { method: 'POST', body: { id, campaign }, signal }),
    enabled: campaign !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useCampaignMutation<T, V>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKeys.all }) });
}

export const useCreateCampaign = () =>
  useCampaignMutation((body: CampaignRequest) => api<Campaign>('/campaigns', { method: 'POST', body }));
export const useUpdateCampaign = () =>
  useCampaignMutation(({ id, body }: { id: string; body: CampaignRequest }) => api<Campaign>(byId(id), { method: 'PUT', body }));
export const useDeleteCampaign = () => useCampaignMutation((id: string) => api<{ message: string }>(byId(id), { method: 'DELETE' }));
export const useSetCampaignRunning = () =>
  useCampaignMutation(({ id, running }: { id: string; running: boolean }) =>
    api<Campaign>(`${byId(id)}/${running ? 'resume' : 'pause'}`, { method: 'POST' }),
  );
