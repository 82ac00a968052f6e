import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { GbpCallbackResult } from '@rankmaps/shared/schemas/gbp';
import { useToast } from '@/components/ui/toasts/toast-context';
import { gbpKeys } from '../api/keys';
import { callbackResult, withoutResultParam } from '../utils/query-params';

const toastType: Record<GbpCallbackResult, 'success' | 'info' | 'error'> = { connected: 'success', denied: 'info', error: 'error' };

/**
 * Back from the OAuth round trip with `?gbp=connected|denied|error`: one toast saying how it went, the
 * connection's queries refreshed, and the parameter removed from the address (a reload does not repeat it).
 */
export function useGbpCallbackResult() {
  const { t } = useTranslation('gbp');
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  const result = callbackResult(search);
  // StrictMode runs effects twice: the toast must show once per arrival.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!result || handled.current === key) return;
    handled.current = key;
    toast({ type: toastType[result], message: t(`callback.${result}`) });
    void queryClient.invalidateQueries({ queryKey: gbpKeys.all });
    void navigate({ pathname, search: withoutResultParam(search), hash }, { replace: true });
  }, [result, key, pathname, search, hash, navigate, queryClient, t, toast]);
}
