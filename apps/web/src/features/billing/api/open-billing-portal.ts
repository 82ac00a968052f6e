import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /payment/create-portal-session → {url} of the provider's billing portal. */
export const createPortalSession = () => api<{ url: string }>('/payment/create-portal-session', { method: 'POST' });

async function pointTabAtPortal(tab: Window | null): Promise<void> {
  try {
    const { url } = await createPortalSession();
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      // Pop-ups blocked: go there in this tab instead.
      window.location.assign(url);
    }
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/**
 * Opens the billing portal in a new tab (docs/product.md §4). `open` must run inside the click: the
 * tab opens at once, before the request, because browsers block a window opened later as
 * a pop-up; it is pointed at the portal when the URL arrives, and closed if that fails.
 * Coming back to this tab reloads the profile and the subscription.
 */
export function useOpenBillingPortal() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: pointTabAtPortal,
    onSuccess: () => {
      window.addEventListener('focus', () => void queryClient.invalidateQueries({ queryKey: profileQueryKey }), { once: true });
    },
  });
  const { mutate } = mutation;
  const open = useCallback(() => mutate(window.open('', '_blank')), [mutate]);
  return { ...mutation, open };
}
