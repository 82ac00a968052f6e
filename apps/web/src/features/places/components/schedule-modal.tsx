import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, ModalActions } from '@/components/ui/modal';

interface ScheduleModalProps {
  rankDay: number;
  rankHour: number;
  timeZone: string;
  saving: boolean;
  error: string | null;
  onSave: (rankDay: number, rankHour: number) => void;
  onClose: () => void;
}

// Monday first, as a Spanish week is read; the values stay 0 = Sunday … 6 = Saturday.
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** Configurar Horario: the weekly scan's day and hour, in the place's time zone. */
export function ScheduleModal({ rankDay, rankHour, timeZone, saving, error, onSave, onClose }: ScheduleModalProps) {
  const { t } = useTranslation('places');
  const [day, setDay] = useState(rankDay);
  const [hour, setHour] = useState(rankHour);
  const days = t('schedule.days', { returnObjects: true }) as string[];
  return (
    <Modal
      title={t('schedule.title')}
      description={t('schedule.description', { zone: timeZone })}
      closeLabel={t('close')}
      onClose={onClose}
      footer={<ModalActions cancel={t('schedule.cancel')} onCancel={onClose} submit={{ label: t('schedule.save'), loading: saving, onClick: () => onSave(day, hour) }} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-slate-700">
          {t('schedule.day')}
          <select
            value={day}
            onChange={(e) => setDay(Number(e.target.value))}
            className="mt-1 block w-full rounded-lg border-slate-300 bg-white px-3 py-2 text-sm ring-1 ring-slate-300"
          >
            {DAY_ORDER.map((d) => (
              <option key={d} value={d}>
                {days[d]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          {t('schedule.hour')}
          <select
            value={hour}
            onChange={(e) => setHour(Number(e.target.value))}
            className="mt-1 block w-full rounded-lg border-slate-300 bg-white px-3 py-2 text-sm ring-1 ring-slate-300"
          >
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}
