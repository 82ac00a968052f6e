import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place, PlaceMatrixConfig } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** PUT /place/{id}/matrix: saves a new grid size, radius or centre. */
export const updateMatrix = (id: string, config: PlaceMatrixConfig) =>
  api<Place>(`/place/${encodeURIComponent(id)}/matrix`, { method: 'PUT', body: config });

export function useUpdateMatrix(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: PlaceMatrixConfig) => updateMatrix(id, config),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placesKeys.all }),
  });
}
