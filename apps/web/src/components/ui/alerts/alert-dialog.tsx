import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { XIcon } from 'lucide-react';
import { Button } from '../button';
import { AlertIcon } from './alert-icon';
import { dialogRole, type AlertType } from './alert-types';
import { trapTab } from './focus-trap';
import { fadeDuration } from './motion';

export interface AlertDialogProps {
  kind: AlertType | 'confirm';
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string | null;
  closeLabel: string;
  destructive: boolean;
  closeOnBackdrop: boolean;
  /** Called once the fade-out is over; true when the confirm button closed it. */
  onClosed: (confirmed: boolean) => void;
}

/**
 * A modal alert on the native <dialog>: the rest of the page is inert while it is open,
 * Tab stays inside, Escape and the close button dismiss it, and focus goes back to
 * whatever opened it. Closing fades out over 300 ms (none with reduced motion).
 */
export function AlertDialog({
  kind,
  title,
  message,
  confirmLabel,
  cancelLabel,
  closeLabel,
  destructive,
  closeOnBackdrop,
  onClosed,
}: AlertDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closing = useRef(false);
  const [visible, setVisible] = useState(false);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // A destructive choice never gets the focus by default: Enter must not delete anything.
    (destructive ? (cancelRef.current ?? confirmRef.current) : confirmRef.current)?.focus();
    const frame = requestAnimationFrame(() => setVisible(true));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelAnimationFrame(frame);
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // The button that opened it may be gone (the action changed the page): fall back to the main region.
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus();
    };
  }, [destructive]);

  const close = useCallback(
    (confirmed: boolean) => {
      if (closing.current) return;
      closing.current = true;
      setVisible(false);
      window.setTimeout(() => onClosed(confirmed), fadeDuration());
    },
    [onClosed],
  );

  return (
    <dialog
      ref={ref}
      role={dialogRole(kind)}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close(false);
        } else if (ref.current) trapTab(e, ref.current);
      }}
      className={`fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-transparent p-0 transition-opacity duration-300 backdrop:bg-transparent motion-reduce:transition-none ${
        visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <div className="flex min-h-full items-end justify-center p-4 sm:items-center sm:p-6">
        <div
          aria-hidden="true"
          className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px]"
          onClick={() => closeOnBackdrop && close(false)}
        />
        <div
          className={`relative w-full max-w-md rounded-2xl bg-white p-6 text-center shadow-2xl ring-1 ring-slate-200 transition-transform duration-300 motion-reduce:transition-none sm:text-left ${
            visible ? 'translate-y-0 sm:scale-100' : 'translate-y-4 sm:translate-y-0 sm:scale-95'
          }`}
        >
          <button
            type="button"
            onClick={() => close(false)}
            aria-label={closeLabel}
            title={closeLabel}
            className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <XIcon className="h-5 w-5" />
          </button>
          <div className="sm:flex sm:items-start sm:gap-4">
            <AlertIcon kind={kind} />
            <div className="mt-4 min-w-0 sm:mt-0 sm:pr-6">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              <p id={messageId} className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-600">
                {message}
              </p>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {cancelLabel && (
              <Button ref={cancelRef} variant="secondary" onClick={() => close(false)}>
                {cancelLabel}
              </Button>
            )}
            <Button ref={confirmRef} variant={destructive ? 'danger' : 'primary'} onClick={() => close(true)}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
