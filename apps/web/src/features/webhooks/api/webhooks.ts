import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, CreatedWebhook, WebhookDelivery, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointList } from '@rankmaps/shared/schemas/webhooks';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** Query keys of the webhooks feature (docs/webhooks.md). */
export const webhookKeys = { list: ['webhooks'] as const, deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const };

/** GET /webhooks: the user's endpoints and whether the plan allows them. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: ({ signal }) => api<WebhookEndpointList>('/webhooks', { signal }) });
}

/** GET /webhooks/:id/deliveries, refreshed every few seconds while open (attempts run in the background). */
export function useWebhookDeliveries(id: string) {
  return useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: ({ signal }) => api<WebhookDeliveryList>(`/webhooks/${id}/deliveries`, { signal }), refetchInterval: 3000 });
}

export const useCreateWebhook = () => useInvalidatingMutation((body: CreateWebhookInput) => api<CreatedWebhook>('/webhooks', { method: 'POST', body }), [webhookKeys.list]);

export const useUpdateWebhook = () => useInvalidatingMutation(({ id, enabled }: { id: string; enabled: boolean }) => api<WebhookEndpoint>(`/webhooks/${id}`, { method: 'PATCH', body: { enabled } }), [webhookKeys.list]);

export const useDeleteWebhook = () => useInvalidatingMutation((id: string) => api<null>(`/webhooks/${id}`, { method: 'DELETE' }), [webhookKeys.list]);

export const useRotateWebhookSecret = () => useInvalidatingMutation((id: string) => api<CreatedWebhook>(`/webhooks/${id}/secret`, { method: 'POST' }), [webhookKeys.list]);

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<WebhookDelivery>(`/webhooks/${id}/ping`, { method: 'POST' }),
    onSuccess: (_d, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) => api<WebhookDelivery>(`/webhooks/${id}/deliveries/${deliveryId}/replay`, { method: 'POST' }),
    onSuccess: (_d, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
