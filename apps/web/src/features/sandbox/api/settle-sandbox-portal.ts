import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /sandbox/portal/settle: "updates the card" and pays what is past due (signed-in user). */
export const settleSandboxPortal = () => api<MessageResponse>('/sandbox/portal/settle', { method: 'POST' });

export function useSettleSandboxPortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleSandboxPortal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
