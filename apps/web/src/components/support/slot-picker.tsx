import { useId, useMemo, useState } from 'react';
import type { VideoSlot } from '@rankmaps/shared/schemas/video-call';

export interface SlotPickerLabels {
  days: string;
  times: string;
  /** The note under the times: which zone they are in. */
  zoneNote: string;
}

/** The slots grouped by calendar day in `timeZone`, in order. */
function byDay(slots: VideoSlot[], language: string, timeZone: string): { key: string; label: string; slots: VideoSlot[] }[] {
  const keyOf = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const labelOf = new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const days = new Map<string, { key: string; label: string; slots: VideoSlot[] }>();
  for (const slot of slots) {
    const date = new Date(slot.start);
    const key = keyOf.format(date);
    let day = days.get(key);
    if (!day) days.set(key, (day = { key, label: labelOf.format(date), slots: [] }));
    day.slots.push(slot);
  }
  return [...days.values()];
}

/**
 * A day and slot picker (docs/support.md «Videollamada»): the days as toggle buttons, then that
 * day's times as native radio buttons (arrow keys move between them). Times are shown in
 * `timeZone`; the value is the slot's ISO start.
 */
export function SlotPicker({
  slots,
  value,
  onChange,
  language,
  timeZone,
  labels,
}: {
  slots: VideoSlot[];
  value: string | null;
  onChange: (start: string) => void;
  language: string;
  timeZone: string;
  labels: SlotPickerLabels;
}) {
  const days = useMemo(() => byDay(slots, language, timeZone), [slots, language, timeZone]);
  const selectedDay = days.find((d) => d.slots.some((s) => s.start === value))?.key;
  const [day, setDay] = useState<string | null>(null);
  const shown = days.find((d) => d.key === (day ?? selectedDay)) ?? days[0];
  const timeOf = useMemo(() => new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' }), [language, timeZone]);
  const name = useId();
  const daysId = useId();
  const timesId = useId();
  return (
    <div className="space-y-3" data-testid="slot-picker">
      <div role="group" aria-labelledby={daysId}>
        <p id={daysId} className="text-sm font-medium text-slate-700">
          {labels.days}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {days.map((d) => (
            <button
              key={d.key}
              type="button"
              aria-pressed={shown?.key === d.key}
              onClick={() => setDay(d.key)}
              className={`rounded-lg px-3 py-1.5 text-sm ring-1 transition focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none ${shown?.key === d.key ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
            >
              {d.label}
            </button>
          ))}
        </div>
      </div>
      {shown && (
        <fieldset>
          <legend id={timesId} className="text-sm font-medium text-slate-700">
            {labels.times} · {shown.label}
          </legend>
          <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
            {shown.slots.map((slot) => (
              <label
                key={slot.start}
                className="cursor-pointer rounded-lg bg-white px-2 py-1.5 text-center text-sm text-slate-800 ring-1 ring-slate-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
              >
                <input type="radio" name={name} value={slot.start} checked={value === slot.start} onChange={() => onChange(slot.start)} className="sr-only" />
                {timeOf.format(new Date(slot.start))}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500">{labels.zoneNote}</p>
        </fieldset>
      )}
    </div>
  );
}
