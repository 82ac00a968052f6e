import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useToast } from '@/components/ui/toasts/toast-context';
import { getStartUrl } from '../api/get-start-url';
import { redirectAfterFor } from '../utils/query-params';

/**
 * Conectar Google Business / Reconectar (docs/product.md §7): asks for the consent URL with this page as
 * redirectAfter (its query kept, an old `gbp` result dropped) and sends the browser there. The callback
 * brings it back here with `?gbp=connected|denied|error` (see useGbpCallbackResult).
 */
export function useGbpConnect() {
  const { t } = useTranslation('gbp');
  const toast = useToast();
  const { pathname, search } = useLocation();
  // The button keeps spinning while the browser leaves, not only while the URL is fetched.
  const [leaving, setLeaving] = useState(false);
  const mutation = useMutation({
    mutationFn: () => getStartUrl(redirectAfterFor(pathname, search)),
    onSuccess: ({ url }) => {
      setLeaving(true);
      window.location.href = url;
    },
    onError: (err) => {
      // docs/product.md §8 only logs a failed start; a short notice as well, so the click does not seem ignored.
      console.error('No se pudo iniciar la conexión con Google Business Profile', err);
      toast({ type: 'error', message: t('connect.startError') });
    },
  });

  // Back from Google's page with the browser's back button: the page comes from the cache, still "leaving".
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const { mutate } = mutation;
  return { connect: () => mutate(), pending: mutation.isPending || leaving };
}
