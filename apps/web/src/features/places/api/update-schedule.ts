import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place, ScheduleRequest } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** PUT /place/{id}/schedule: the weekly scan's day and hour, or weekly scans on/off (pro). */
export const updateSchedule = (id: string, body: ScheduleRequest) =>
  api<Place>(`/place/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body });

export function useUpdateSchedule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleRequest) => updateSchedule(id, body),
    onSuccess: (place) => {
      queryClient.setQueryData(placesKeys.detail(id), (old: Place | undefined) => (old ? { ...place, keywords: old.keywords } : place));
      return queryClient.invalidateQueries({ queryKey: placesKeys.list() });
    },
  });
}
