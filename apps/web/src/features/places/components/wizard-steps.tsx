/** The wizard's progress: numbered steps, the current one marked for assistive technology. */
export function WizardSteps({ current, labels }: { current: number; labels: string[] }) {
  return (
    <ol className="flex items-center gap-3 text-sm">
      {labels.map((label, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex items-center gap-2">
            {i > 0 && <span aria-hidden="true" className="h-px w-6 bg-slate-300 sm:w-10" />}
            <span
              aria-hidden="true"
              className={`inline-flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold ${
                state === 'todo' ? 'bg-slate-100 text-slate-500' : 'bg-brand-700 text-white'
              }`}
            >
              {state === 'done' ? '✓' : n}
            </span>
            <span className={state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-500'}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
