import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { AlertRequest } from './active-alert';
import { alertPreset } from './alert-types';
import { AlertsContext, type AlertsApi } from './alerts-context';

// The dialog loads with the first alert, so pages that never show one do not download it.
const ActiveAlert = lazy(() => import('./active-alert'));

/**
 * Holds the alert queue: one dialog at a time, the next one after the previous fades out.
 * Upgrade and credits alerts lead to the plans page and the credits page when accepted.
 */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [queue, setQueue] = useState<AlertRequest[]>([]);
  const nextId = useRef(1);

  const enqueue = useCallback((request: Omit<AlertRequest, 'id' | 'resolve'>) => {
    return new Promise<boolean>((resolve) => {
      const id = nextId.current++;
      setQueue((q) => [...q, { ...request, id, resolve }]);
    });
  }, []);

  const api = useMemo<AlertsApi>(
    () => ({
      alert: ({ type = 'info', closeOnBackdrop = true, ...rest }) => enqueue({ kind: type, destructive: false, closeOnBackdrop, ...rest }),
      confirm: ({ destructive = false, closeOnBackdrop = true, ...rest }) =>
        enqueue({ kind: 'confirm', destructive, closeOnBackdrop, ...rest }),
    }),
    [enqueue],
  );

  const current = queue[0];
  const onClosed = useCallback(
    (confirmed: boolean) => {
      if (!current) return;
      setQueue((q) => q.filter((r) => r.id !== current.id));
      current.resolve(confirmed);
      const target = alertPreset(current.kind).navigateTo;
      if (confirmed && target) void navigate(target);
    },
    [current, navigate],
  );

  return (
    <AlertsContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <ActiveAlert key={current.id} request={current} onClosed={onClosed} />
        </Suspense>
      )}
    </AlertsContext.Provider>
  );
}
