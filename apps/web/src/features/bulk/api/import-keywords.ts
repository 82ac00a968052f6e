import { useMutation, useQuery } from '@tanstack/react-query';
import type { KeywordImportPreview, KeywordImportRequest, KeywordImportResult } from '@rankmaps/shared/schemas/bulk-keywords';
import { KEYWORD_IMPORT_FILE_FIELD } from '@rankmaps/shared/schemas/bulk-keywords';
import { api } from '@/lib/api-client';
import { bulkKeys } from './keys';

/** What the dialog sends: pasted text for chosen places, or the CSV file as it is (the server detects its encoding). */
export type ImportInput = Extract<KeywordImportRequest, { source: 'text' }> | { source: 'file'; file: File };

const bodyOf = (input: ImportInput): KeywordImportRequest | FormData => {
  if (input.source !== 'file') return input;
  const form = new FormData();
  form.append(KEYWORD_IMPORT_FILE_FIELD, input.file, input.file.name);
  return form;
};

/** POST /keywords/import/preview: every row with its state; nothing is saved. */
export const previewImport = (input: ImportInput) => api<KeywordImportPreview>('/keywords/import/preview', { method: 'POST', body: bodyOf(input) });

/** POST /keywords/import: all or nothing; duplicates are skipped. */
export const runImport = (input: ImportInput) => api<KeywordImportResult>('/keywords/import', { method: 'POST', body: bodyOf(input) });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useRunImport = (onDone: () => Promise<unknown>) => useMutation({ mutationFn: runImport, onSuccess: onDone });

/** The user's businesses, to choose where pasted keywords go. */
export function useBulkPlaces(enabled: boolean) {
  return useQuery({ queryKey: bulkKeys.places(), queryFn: () => api<{ _id: string; name: string; address: string }[]>('/place'), enabled });
}
