import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type MapMode = 'ranking' | 'competitors';
const MODES: MapMode[] = ['ranking', 'competitors'];

/**
 * Ranking Map / Competidores (docs/product.md §2): a radio group. Tab reaches the checked option;
 * the arrow keys, Home and End move and select, as the ARIA radio group pattern says.
 */
export function ModeSwitch({ mode, onChange }: { mode: MapMode; onChange: (mode: MapMode) => void }) {
  const { t } = useTranslation('rankmaps');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (index: number) => {
    const next = (index + MODES.length) % MODES.length;
    const target = MODES[next];
    if (!target) return;
    onChange(target);
    refs.current[next]?.focus();
  };

  return (
    <div role="radiogroup" aria-label={t('modes.label')} className="inline-flex rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200">
      {MODES.map((m, i) => {
        const checked = m === mode;
        return (
          <button
            key={m}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(m)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowDown') move(i + 1);
              else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') move(i - 1);
              else if (e.key === 'Home') move(0);
              else if (e.key === 'End') move(MODES.length - 1);
              else return;
              e.preventDefault();
            }}
            className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${checked ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {t(`modes.${m}`)}
          </button>
        );
      })}
    </div>
  );
}
