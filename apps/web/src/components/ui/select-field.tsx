import { ChevronDownIcon } from 'lucide-react';
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { FieldError, FieldFrame, FieldHint, controlClass, useFieldIds } from './field-frame';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly { value: string; label: string }[];
  /** Already-translated error text, shown under the field and announced. */
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled native select matching TextField; works with react-hook-form's `register`. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ label, options, error, hint, id, className = '', ...rest }, ref) {
  const ids = useFieldIds(id, error, Boolean(hint));
  return (
    <FieldFrame controlId={ids.control.id} label={label} className={className}>
      <div className="relative">
        <select ref={ref} {...ids.control} className={`block w-full appearance-none bg-white py-2.5 pr-10 pl-3 ${controlClass(error)}`} {...rest}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
      </div>
      <FieldHint id={ids.noteId} hint={hint} error={error} />
      <FieldError id={ids.errorId} error={error} />
    </FieldFrame>
  );
});
