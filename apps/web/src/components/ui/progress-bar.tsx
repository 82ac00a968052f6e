interface ProgressBarProps {
  /** 0-100. */
  value: number;
  label: string;
  /** The value as read out, formatted for the language ('45 %'). */
  valueText: string;
  /** 'sm' inside a timeline entry, 'md' in the status panel. */
  size?: 'sm' | 'md';
}

/** A determinate progress bar, read out with its value. */
export function ProgressBar({ value, label, valueText, size = 'md' }: ProgressBarProps) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={valueText}
      className={`w-full overflow-hidden rounded-full bg-slate-200 ${size === 'sm' ? 'h-1.5' : 'h-3'}`}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out motion-reduce:transition-none"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}
