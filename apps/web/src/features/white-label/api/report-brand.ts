import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportBrandSettings, ReportBrandSettingsInput } from '@rankmaps/shared/schemas/report-brand';
import { api } from '@/lib/api-client';

/** Query keys of the white-label feature. */
export const reportBrandKeys = { settings: ['report-brand'] as const };

/** GET /report-brand: the saved brand and what the plan allows (docs/decisions.md §24.5). */
export function useReportBrand() {
  return useQuery({ queryKey: reportBrandKeys.settings, queryFn: ({ signal }) => api<ReportBrandSettings>('/report-brand', { signal }) });
}

/** Every white-label call answers the whole settings: the cache takes them as they are. */
function useBrandMutation<T>(mutationFn: (input: T) => Promise<ReportBrandSettings>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (data) => queryClient.setQueryData(reportBrandKeys.settings, data) });
}

export const useSaveReportBrand = () =>
  useBrandMutation((body: ReportBrandSettingsInput) => api<ReportBrandSettings>('/report-brand', { method: 'PUT', body }));

/** POST /report-brand/logo as multipart, the file in the field `logo`. */
export const useUploadBrandLogo = () =>
  useBrandMutation((file: File) => {
    const form = new FormData();
    form.append('logo', file);
    return api<ReportBrandSettings>('/report-brand/logo', { method: 'POST', body: form });
  });

export const useDeleteBrandLogo = () => useBrandMutation(() => api<ReportBrandSettings>('/report-brand/logo', { method: 'DELETE' }));
