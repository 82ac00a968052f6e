import type { Place, ScheduleRequest } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { usePlaceSettingsMutation } from './use-place-settings-mutation';

/** PUT /place/{id}/schedule: the weekly scan's day and hour, or weekly scans on/off (pro). */
export const updateSchedule = (id: string, body: ScheduleRequest) =>
  api<Place>(`/place/${encodeURIComponent(id)}/schedule`, { method: 'PUT', body });

export const useUpdateSchedule = (id: string) => usePlaceSettingsMutation(id, updateSchedule);
