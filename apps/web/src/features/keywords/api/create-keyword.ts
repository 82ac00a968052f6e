import { useMutation } from '@tanstack/react-query';
import type { CreateKeywordRequest, Keyword } from '@rankmaps/shared/schemas/keywords';
import { api } from '@/lib/api-client';

/** POST /keyword: a search to track for the place; the name is trimmed and unique per place. */
export const createKeyword = (body: CreateKeywordRequest) => api<Keyword>('/keyword', { method: 'POST', body });

export function useCreateKeyword(onChanged: () => Promise<unknown>) {
  return useMutation({ mutationFn: createKeyword, onSuccess: onChanged });
}
