import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldError, FieldFrame, FieldHint, controlClass, useFieldIds } from './field-frame';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Already-translated error text, shown under the field and announced. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its error; works with react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className = '', ...rest }, ref) {
  const ids = useFieldIds(id, error, Boolean(hint));
  return (
    <FieldFrame controlId={ids.control.id} label={label} className={className}>
      <input ref={ref} {...ids.control} className={`block w-full px-3 py-2.5 ${controlClass(error)}`} {...rest} />
      <FieldHint id={ids.noteId} hint={hint} error={error} />
      <FieldError id={ids.errorId} error={error} />
    </FieldFrame>
  );
});
