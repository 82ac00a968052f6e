import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** Already-translated labels of the show/hide toggle. */
  showLabel: string;
  hideLabel: string;
}

/** A password input with a toggle that reveals what was typed (handy on phones). */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { showLabel, hideLabel, className = '', ...rest },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={`relative ${className}`}>
      <TextField ref={ref} type={visible ? 'text' : 'password'} className="[&_input]:pr-11" {...rest} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        title={visible ? hideLabel : showLabel}
        className="absolute right-1.5 top-[27px] flex h-9 w-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-700"
      >
        {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
      </button>
    </div>
  );
});
