import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalActions } from '@/components/ui/modal';
import { WEEK_FROM_MONDAY } from '@/lib/week';

interface ScheduleModalProps {
  rankDay: number;
  rankHour: number;
  timeZone: string;
  saving: boolean;
  error: string | null;
  onSave: (rankDay: number, rankHour: number) => void;
  onClose: () => void;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Configurar Horario: the weekly scan's day and hour, in the place's time zone. */
export function ScheduleModal({ rankDay, rankHour, timeZone, saving, error, onSave, onClose }: ScheduleModalProps) {
  const { t, i18n } = useTranslation('places');
  const [day, setDay] = useState(rankDay);
  const [hour, setHour] = useState(rankHour);
  const days = t('schedule.days', { returnObjects: true }) as string[];
  return (
    <Modal
      title={t('schedule.title')}
      description={t('schedule.description', { zone: timeZoneInWords(timeZone, i18n.language) })}
      closeLabel={t('close')}
      onClose={onClose}
      footer={<ModalActions cancel={t('schedule.cancel')} onCancel={onClose} submit={{ label: t('schedule.save'), loading: saving, onClick: () => onSave(day, hour) }} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberSelect label={t('schedule.day')} value={day} onChange={setDay} options={WEEK_FROM_MONDAY.map((d) => ({ value: d, label: days[d] }))} />
        <NumberSelect label={t('schedule.hour')} value={hour} onChange={setHour} options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))} />
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** A labelled native select of numbers (the day, the hour). */
function NumberSelect({ label, value, onChange, options }: { label: string; value: number; onChange: (value: number) => void; options: { value: number; label: ReactNode }[] }) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-1 block w-full rounded-lg border-slate-300 bg-white px-3 py-2 text-sm ring-1 ring-slate-300"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
