import { useId } from 'react';
import { CheckboxField } from './checkbox-field';

interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  optionLabel: (option: T) => string;
  error: string | undefined;
}

/** A fieldset of checkboxes that picks several of `options` (an API key's scopes, a webhook's events), with its error. */
export function CheckboxGroup<T extends string>({ legend, options, selected, onChange, optionLabel, error }: CheckboxGroupProps<T>) {
  const errorId = useId();
  const toggle = (option: T, on: boolean) => onChange(on ? [...new Set([...selected, option])] : selected.filter((x) => x !== option));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option) => (
        <CheckboxField
          key={option}
          label={optionLabel(option)}
          checked={selected.includes(option)}
          onChange={(e) => toggle(option, e.target.checked)}
        />
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
