import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /sandbox/portal/settle: "updates the card" and pays what is past due (signed-in user). */
export const settleSandboxPortal = () => api<MessageResponse>('/sandbox/portal/settle', { method: 'POST' });

export const useSettleSandboxPortal = () => useInvalidatingMutation(settleSandboxPortal, [profileQueryKey]);
