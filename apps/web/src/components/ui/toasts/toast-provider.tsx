import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ShowToast, type ToastType } from './toast-context';

// Loaded with the first toast: the landing page never downloads it.
const ToastItem = lazy(() => import('./toast-item'));

interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

/** The most toasts on screen at once; older ones make room. */
const MAX_VISIBLE = 4;

/** Toasts at the bottom right, above the mobile bottom bar, announced politely (errors assertively). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const show = useCallback<ShowToast>(({ type = 'info', message }) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, type, message }].slice(-MAX_VISIBLE));
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-24 z-[60] w-[calc(100%-2rem)] max-w-sm md:right-6 md:bottom-6"
      >
        <Suspense fallback={null}>
          <ol className="flex flex-col gap-2">
            {toasts.map((t) => (
              <ToastItemWithId key={t.id} toast={t} onDismiss={dismiss} />
            ))}
          </ol>
        </Suspense>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItemWithId({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const dismiss = useCallback(() => onDismiss(toast.id), [onDismiss, toast.id]);
  return <ToastItem type={toast.type} message={toast.message} onDismiss={dismiss} />;
}
