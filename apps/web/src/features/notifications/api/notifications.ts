import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import type { Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';

/** Query keys of the notifications feature. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationsKeys.all, 'list'] as const,
  settings: () => [...notificationsKeys.all, 'settings'] as const,
  places: () => [...notificationsKeys.all, 'places'] as const,
};

/** The bell asks again every minute, and when the window gets the focus back. */
const POLL_MS = 60_000;
export const NOTIFICATIONS_SHOWN = 20;

/** GET /notifications: the newest page and the unread count (docs/decisions.md §23.2). */
export const getNotifications = (signal?: AbortSignal) => api<NotificationList>(`/notifications?limit=${NOTIFICATIONS_SHOWN}`, { signal });

export function useNotifications() {
  return useQuery({ queryKey: notificationsKeys.list(), queryFn: ({ signal }) => getNotifications(signal), refetchInterval: POLL_MS });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list() }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/notifications/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list() }),
  });
}

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationsKeys.settings(), queryFn: ({ signal }) => api<NotificationSettings>('/notifications/settings', { signal }) });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api<NotificationSettings>('/notifications/settings', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(notificationsKeys.settings(), data),
  });
}

/** GET /place: the user's businesses, to mute (features do not import each other, so not the places feature's hook). */
export function useOwnPlaces() {
  return useQuery({ queryKey: notificationsKeys.places(), queryFn: ({ signal }) => api<Place[]>('/place', { signal }) });
}
