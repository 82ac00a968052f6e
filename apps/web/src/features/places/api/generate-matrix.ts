import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GenerateMatrixResponse, MatrixConfig } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';

/** POST /place/generate-matrix: the grid around a centre, with the points on the sea flagged (filterLandPoints). */
export const generateMatrix = (config: MatrixConfig, signal?: AbortSignal) =>
  api<GenerateMatrixResponse>('/place/generate-matrix', { method: 'POST', body: { ...config, filterLandPoints: true }, signal });

export const generateMatrixQuery = (config: MatrixConfig) =>
  queryOptions({
    queryKey: ['generate-matrix', config] as const,
    queryFn: ({ signal }) => generateMatrix(config, signal),
    // The same centre, size and radius always give the same grid: never refetch it.
    staleTime: Infinity,
    // The previous grid stays on the map while the next one loads, so it does not flash.
    placeholderData: keepPreviousData,
  });

/** The grid for `config`; nothing is asked while it is null (no centre yet). */
export function useGenerateMatrix(config: MatrixConfig | null) {
  // Disabled queries still need a key; this one is never fetched.
  const placeholder: MatrixConfig = { centerLat: 0, centerLng: 0, maxDistance: 0, size: 0 };
  return useQuery({ ...generateMatrixQuery(config ?? placeholder), enabled: config !== null });
}
