import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { WEEK_FROM_MONDAY } from '@/lib/week';
import { FieldFrame, useFieldIds } from './field-frame';

// A date field whose calendar starts on Monday whatever the browser's locale (issue 27):
// Chromium's native date picker follows the browser's locale, not the page's language, so
// a Spanish page could show a Sunday-first calendar. The value stays a native date input's,
// 'YYYY-MM-DD' ('' when empty or unreadable). The text box takes «dd/mm/aaaa» or
// 'YYYY-MM-DD'; the button opens a grid of the month (WAI-ARIA date picker dialog pattern):
// arrows move by day and week, PageUp/PageDown by month, Home/End to the week's ends, Enter
// picks, Escape closes and gives the focus back to the button.

export interface DateFieldProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** 'YYYY-MM-DD' bounds; days outside them cannot be picked. */
  min?: string;
  max?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The accessible name when no <label> points at `id`. */
  ariaLabel?: string;
  className?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dateOf = (iso: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isoOf(d) === iso ? d : null;
};
const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const addMonths = (d: Date, n: number) => {
  const last = new Date(d.getFullYear(), d.getMonth() + n + 1, 0).getDate();
  return new Date(d.getFullYear(), d.getMonth() + n, Math.min(d.getDate(), last));
};
/** Monday-first position of a day in its week: 0 for Monday … 6 for Sunday. */
const weekIndex = (d: Date) => (d.getDay() + 6) % 7;

/** «dd/mm/aaaa» (or d/m/aaaa, with - or .) or 'YYYY-MM-DD' as 'YYYY-MM-DD'; '' when it is not a real date. */
export function parseTypedDate(text: string): string {
  const t = text.trim();
  if (dateOf(t)) return t;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (!m) return '';
  const iso = `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
  return dateOf(iso) ? iso : '';
}

const shownDate = (iso: string) => {
  const d = dateOf(iso);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
};

export function DateField({ id, value, onChange, min, max, required, invalid, describedBy, ariaLabel, className = '' }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language;
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const dialogId = `${ownId}-calendar`;
  const [text, setText] = useState(shownDate(value));
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Date>(() => dateOf(value) ?? dateOf(min ?? '') ?? new Date());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);

  // A value set from outside (a reset, a loaded form) shows in the text box; the user's own
  // typing, which set that value, stays as typed.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (parseTypedDate(text) !== value) setText(shownDate(value));
  }

  // The focused day takes the focus while the calendar is open.
  useEffect(() => {
    if (open) gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [open, focused]);

  const outside = (d: Date) => Boolean((min && isoOf(d) < min) || (max && isoOf(d) > max));
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const pick = (d: Date) => {
    if (outside(d)) return;
    onChange(isoOf(d));
    setText(shownDate(isoOf(d)));
    close();
  };

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, (d: Date) => Date> = {
      ArrowLeft: (d) => addDays(d, -1),
      ArrowRight: (d) => addDays(d, 1),
      ArrowUp: (d) => addDays(d, -7),
      ArrowDown: (d) => addDays(d, 7),
      PageUp: (d) => addMonths(d, -1),
      PageDown: (d) => addMonths(d, 1),
      Home: (d) => addDays(d, -weekIndex(d)),
      End: (d) => addDays(d, 6 - weekIndex(d)),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setFocused(move(focused));
    }
  };

  const first = new Date(focused.getFullYear(), focused.getMonth(), 1);
  const start = addDays(first, -weekIndex(first));
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, i) => addDays(start, w * 7 + i))).filter(
    (week, w) => w === 0 || week[0]!.getMonth() === focused.getMonth(),
  );
  const monthTitle = new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric' }).format(focused);
  // Monday 5 January 2026 and the six days after it name the columns.
  const dayNames = WEEK_FROM_MONDAY.map((_, i) => new Date(2026, 0, 5 + i));
  const shortDay = (d: Date) => new Intl.DateTimeFormat(lang, { weekday: 'short' }).format(d).slice(0, 2).toLocaleLowerCase(lang);
  const longDay = (d: Date) => new Intl.DateTimeFormat(lang, { weekday: 'long' }).format(d);
  const fullDate = (d: Date) => new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d);

  return (
    <div className={`relative ${className}`}>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateField.placeholder')}
          value={text}
          required={required}
          aria-label={ariaLabel}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            onChange(parseTypedDate(e.target.value));
          }}
          className={`block w-full rounded-lg border px-3 py-2.5 text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 ${invalid ? 'border-red-500' : 'border-slate-300'}`}
        />
        <button
          ref={buttonRef}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-label={t('dateField.open')}
          onClick={() => {
            setFocused(dateOf(value) ?? dateOf(min ?? '') ?? new Date());
            setOpen((o) => !o);
          }}
          className="shrink-0 rounded-lg border border-slate-300 px-3 text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        >
          <CalendarIcon className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div
          id={dialogId}
          role="dialog"
          aria-modal="false"
          aria-label={t('dateField.dialog')}
          data-testid="date-field-calendar"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
          className="absolute right-0 z-50 mt-1 w-72 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200"
        >
          <div className="mb-2 flex items-center justify-between">
            <button type="button" aria-label={t('dateField.previousMonth')} onClick={() => setFocused(addMonths(focused, -1))} className="rounded p-1 hover:bg-slate-100">
              <ChevronLeftIcon className="h-4 w-4" aria-hidden="true" />
            </button>
            <h2 aria-live="polite" className="text-sm font-semibold text-slate-900 first-letter:uppercase">
              {monthTitle}
            </h2>
            <button type="button" aria-label={t('dateField.nextMonth')} onClick={() => setFocused(addMonths(focused, 1))} className="rounded p-1 hover:bg-slate-100">
              <ChevronRightIcon className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
          <table ref={gridRef} role="grid" aria-label={monthTitle} onKeyDown={onGridKey} className="w-full border-collapse text-center text-sm">
            <thead>
              <tr>
                {dayNames.map((d) => (
                  <th key={d.getDay()} scope="col" abbr={longDay(d)} className="pb-1 text-xs font-medium text-slate-500">
                    {shortDay(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={isoOf(week[0]!)}>
                  {week.map((d) => {
                    const iso = isoOf(d);
                    const inMonth = d.getMonth() === focused.getMonth();
                    const selected = iso === value;
                    const disabled = outside(d);
                    return (
                      <td key={iso} className="p-0.5">
                        <button
                          type="button"
                          tabIndex={iso === isoOf(focused) ? 0 : -1}
                          aria-label={fullDate(d)}
                          aria-pressed={selected}
                          aria-disabled={disabled || undefined}
                          onClick={() => pick(d)}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter' || e.key === ' ') {
                              e.preventDefault();
                              pick(d);
                            }
                          }}
                          className={`h-8 w-8 rounded-full tabular-nums focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none ${
                            selected ? 'bg-brand-700 font-semibold text-white' : disabled ? 'cursor-not-allowed text-slate-300' : inMonth ? 'text-slate-900 hover:bg-slate-100' : 'text-slate-400 hover:bg-slate-100'
                          }`}
                        >
                          {d.getDate()}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A labelled DateField, laid out as the other form fields (TextField). */
export function DateFormField({ label, value, onChange, min, max, className = '' }: { label: string; value: string; onChange: (value: string) => void; min?: string; max?: string; className?: string }) {
  const ids = useFieldIds(undefined, undefined, false);
  return (
    <FieldFrame controlId={ids.control.id} label={label} className={className}>
      <DateField id={ids.control.id} value={value} onChange={onChange} min={min} max={max} required />
    </FieldFrame>
  );
}
