import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Already-translated error text, shown under the field and announced. */
  error?: string | undefined;
  /** Shown under the field on the right, e.g. a character count. */
  counter?: string;
}

/** A labelled textarea matching TextField, with an optional counter; works with react-hook-form's `register`. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, error, counter, id, className = '', ...rest },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const counterId = `${fieldId}-counter`;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined}
        className={`block min-h-40 w-full resize-y rounded-lg border px-3 py-2.5 text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
        {...rest}
      />
      <div className="mt-1 flex items-start justify-between gap-3">
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter && (
          <span id={counterId} className="shrink-0 text-xs text-slate-500 tabular-nums">
            {counter}
          </span>
        )}
      </div>
    </div>
  );
});
