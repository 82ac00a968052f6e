import { type ReactNode, useEffect, useId, useRef } from 'react';
import { XIcon } from 'lucide-react';
import { trapTab } from './alerts/focus-trap';
import { Button, type ButtonProps } from './button';

interface ModalProps {
  title: string;
  /** Read out after the title. */
  description?: string;
  /** Label of the close (×) button, already translated. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** The action buttons, right-aligned under the content. */
  footer?: ReactNode;
  /** A wider panel, for a table (the bulk keyword preview). */
  wide?: boolean;
}

/**
 * A modal form on the native <dialog>: the page behind is inert, Tab stays inside, Escape,
 * the × button and the backdrop close it, and the focus returns to what opened it.
 * Render it only while it is open.
 */
export function Modal({ title, description, closeLabel, onClose, children, footer, wide = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus], input, select, textarea, button:not([data-close])')?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(e) => {
        if (ref.current) trapTab(e, ref.current);
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-transparent p-0 backdrop:bg-transparent"
    >
      <div className="flex min-h-full items-end justify-center p-4 sm:items-center sm:p-6">
        <div aria-hidden="true" className="fixed inset-0 bg-slate-900/50 backdrop-blur-[2px]" onClick={() => onCloseRef.current()} />
        <div className={`relative w-full ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200`}>
          <button
            type="button"
            data-close
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
            title={closeLabel}
            className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <XIcon className="h-5 w-5" />
          </button>
          <h2 id={titleId} className="pr-8 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
          <div className="mt-4">{children}</div>
          {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
        </div>
      </div>
    </dialog>
  );
}

type ModalAction = ButtonProps & { label: ReactNode; testId?: string };

/** The usual footer of a modal: «Cancelar» (or the like) closing it, and its one action when there is one. */
export function ModalActions({ cancel, onCancel, submit }: { cancel: string; onCancel: () => void; submit?: ModalAction | false }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancel}
      </Button>
      {submit && <ActionButton {...submit} />}
    </>
  );
}

function ActionButton({ label, testId, ...props }: ModalAction) {
  return (
    <Button {...props} data-testid={testId}>
      {label}
    </Button>
  );
}
