import { useId, type ReactNode } from 'react';

/** The border and focus ring every form control shares; red while the field has an error. */
export function controlClass(error: string | undefined): string {
  return `rounded-lg border text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 ${error ? 'border-red-500' : 'border-slate-300'}`;
}

/**
 * The ids of a labelled field: the control's own, and what its aria-describedby names (the
 * error, and the note under it: a hint or a counter).
 */
export function useFieldIds(id: string | undefined, error: string | undefined, hasNote: boolean) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const noteId = `${fieldId}-note`;
  const describedBy = [error ? errorId : null, hasNote ? noteId : null].filter(Boolean).join(' ') || undefined;
  return { errorId, noteId, control: { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

/** A field's error, announced as it appears. */
export function FieldError({ id, error, className = 'mt-1' }: { id: string; error: string | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className={`${className} text-sm text-red-600`}>
      {error}
    </p>
  );
}

/** The label above a control and what goes under it (hint, error, counter). */
export function FieldFrame({ controlId, label, className, children }: { controlId: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The hint under a field, hidden while the error takes its place. */
export function FieldHint({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  if (!hint || error) return null;
  return (
    <div id={id} className="mt-1 text-xs text-slate-500">
      {hint}
    </div>
  );
}
