import type { KeyboardEvent, ReactNode } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
  badge?: ReactNode;
}

interface SegmentedControlProps<T extends string> {
  label: string;
  options: SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A switch between exclusive options with radio-group semantics: one tab stop, arrow keys
 * move and select, Home/End jump to the ends.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: SegmentedControlProps<T>) {
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = options.length - 1;
    const target = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = (target + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[next]?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid w-full auto-cols-fr grid-flow-col rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200 sm:inline-flex sm:w-auto"
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={`inline-flex items-center justify-center gap-2 rounded-lg px-2 py-2 text-[13px] leading-tight font-semibold transition-all sm:px-5 sm:text-sm sm:whitespace-nowrap ${
              checked ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {option.label}
            {option.badge}
          </button>
        );
      })}
    </div>
  );
}
