import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldError, FieldFrame, controlClass, useFieldIds } from './field-frame';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Already-translated error text, shown under the field and announced. */
  error?: string | undefined;
  /** Shown under the field on the right, e.g. a character count. */
  counter?: string;
}

/** A labelled textarea matching TextField, with an optional counter; works with react-hook-form's `register`. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField({ label, error, counter, id, className = '', ...rest }, ref) {
  const ids = useFieldIds(id, error, Boolean(counter));
  return (
    <FieldFrame controlId={ids.control.id} label={label} className={className}>
      <textarea ref={ref} {...ids.control} className={`block min-h-40 w-full resize-y px-3 py-2.5 ${controlClass(error)}`} {...rest} />
      <div className="mt-1 flex items-start justify-between gap-3">
        {error ? <FieldError id={ids.errorId} error={error} className="" /> : <span />}
        {counter && (
          <span id={ids.noteId} className="shrink-0 text-xs text-slate-500 tabular-nums">
            {counter}
          </span>
        )}
      </div>
    </FieldFrame>
  );
});
