import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VideoBooking, VideoBookingRequest, VideoSlotsResponse } from '@rankmaps/shared/schemas/video-call';
import { api } from '@/lib/api-client';

const videoKey = ['support', 'video'] as const;
const slotsKey = [...videoKey, 'slots'] as const;
const bookingsKey = [...videoKey, 'bookings'] as const;
const path = (id: string) => `/general/support/video/bookings/${encodeURIComponent(id)}`;

/** GET /general/support/video/slots: the free slots of the next 14 days (docs/support.md «Videollamada»). */
export function useVideoSlots(enabled: boolean) {
  return useQuery({ queryKey: slotsKey, queryFn: () => api<VideoSlotsResponse>('/general/support/video/slots'), enabled });
}

/** GET /general/support/video/bookings: the user's calls that have not ended. */
export function useVideoBookings(enabled: boolean) {
  return useQuery({ queryKey: bookingsKey, queryFn: () => api<VideoBooking[]>('/general/support/video/bookings'), enabled });
}

/** Any write changes both the free slots and the bookings; a refused one may mean the slot was just taken. */
function useVideoWrite<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: videoKey }) });
}

export const useBookVideoCall = () => useVideoWrite((input: VideoBookingRequest) => api<VideoBooking>('/general/support/video/bookings', { method: 'POST', body: input }));

export const useMoveVideoCall = () => useVideoWrite((input: { id: string; start: string }) => api<VideoBooking>(path(input.id), { method: 'PUT', body: { start: input.start } }));

export const useCancelVideoCall = () => useVideoWrite((id: string) => api<{ message: string }>(path(id), { method: 'DELETE' }));
