import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorVideoBooking, VideoSlotsResponse } from '@rankmaps/shared/schemas/video-call';
import { api } from '@/lib/api-client';
import { isNotOperator } from './operator-api';

const videoKey = ['operator', 'video'] as const;
const path = (id: string) => `/operator/video-bookings/${encodeURIComponent(id)}`;

/** GET /operator/video-bookings: every upcoming call, soonest first (docs/support.md «Videollamada»). */
export function useOperatorVideoBookings() {
  return useQuery({
    queryKey: [...videoKey, 'bookings'],
    queryFn: () => api<OperatorVideoBooking[]>('/operator/video-bookings'),
    retry: (count, error) => !isNotOperator(error) && count < 2,
  });
}

/** GET /operator/video-slots: the free slots, for the move picker (the operator needs no plan). */
export function useOperatorVideoSlots(enabled: boolean) {
  return useQuery({ queryKey: [...videoKey, 'slots'], queryFn: () => api<VideoSlotsResponse>('/operator/video-slots'), enabled });
}

function useVideoWrite<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: videoKey }) });
}

export const useOperatorMoveVideo = () => useVideoWrite((input: { id: string; start: string }) => api<OperatorVideoBooking>(path(input.id), { method: 'PUT', body: { start: input.start } }));

export const useOperatorCancelVideo = () => useVideoWrite((id: string) => api<{ message: string }>(path(id), { method: 'DELETE' }));
