import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { AI_DEFAULT_GRID_SIZE, AI_DEFAULT_SAMPLES } from '@rankmaps/shared/schemas/ai-visibility';
import type { CampaignAi } from '@rankmaps/shared/schemas/campaigns';
import type { Place } from '@rankmaps/shared/schemas/places';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AiRoundValue, AiRoundFields } from '@/components/ai/ai-round-fields';
import { Modal, ModalActions } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorText } from '@/lib/api-client';
import { formatCount, formatMoney } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { WEEK_FROM_MONDAY } from '@/lib/week';
import { useWeeklyAiQuote } from '../api/weekly-ai-quote';

interface ScheduleModalProps {
  place: Pick<Place, '_id' | 'rankDay' | 'rankHour' | 'timeZone' | 'weeklyAi'>;
  /** Pro plans pay their scans in credits, and so may add AI visibility to the weekly scan (docs/decisions.md §31.16). */
  canUseAi: boolean;
  saving: boolean;
  error: string | null;
  /** `ai`: the AI visibility to store (null: off), or undefined to leave it as it is. */
  onSave: (rankDay: number, rankHour: number, ai: CampaignAi | null | undefined) => void;
  onClose: () => void;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const QUOTE_DEBOUNCE_MS = 300;

/** Configurar Horario: the weekly scan's day and hour, in the place's time zone, and its AI visibility. */
export function ScheduleModal({ place, canUseAi, saving, error, onSave, onClose }: ScheduleModalProps) {
  const { t, i18n } = useTranslation('places');
  const [day, setDay] = useState(place.rankDay);
  const [hour, setHour] = useState(place.rankHour);
  const [ai, setAi] = useState<AiRoundValue>({
    on: place.weeklyAi !== null,
    engines: place.weeklyAi?.engines ?? ['google-ai-mode'],
    gridSize: place.weeklyAi?.gridSize ?? AI_DEFAULT_GRID_SIZE,
    samples: place.weeklyAi?.samples ?? AI_DEFAULT_SAMPLES,
  });
  const aiSetting: CampaignAi | null = ai.on ? { engines: ai.engines, gridSize: ai.gridSize, samples: ai.samples } : null;
  const days = t('schedule.days', { returnObjects: true }) as string[];
  return (
    <Modal
      title={t('schedule.title')}
      description={t('schedule.description', { zone: timeZoneInWords(place.timeZone, i18n.language) })}
      closeLabel={t('close')}
      onClose={onClose}
      footer={
        <ModalActions
          cancel={t('schedule.cancel')}
          onCancel={onClose}
          submit={{ label: t('schedule.save'), loading: saving, onClick: () => onSave(day, hour, canUseAi ? aiSetting : undefined) }}
        />
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberSelect label={t('schedule.day')} value={day} onChange={setDay} options={WEEK_FROM_MONDAY.map((d) => ({ value: d, label: days[d] }))} />
        <NumberSelect label={t('schedule.hour')} value={hour} onChange={setHour} options={HOURS.map((h) => ({ value: h, label: `${String(h).padStart(2, '0')}:00` }))} />
      </div>
      {canUseAi && (
        <div className="mt-5 space-y-3 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('schedule.ai.title')}</h3>
          <AiRoundFields testId="weekly-ai" useLabel={t('schedule.ai.use')} hint={t('schedule.ai.hint')} value={ai} onChange={setAi} />
          {aiSetting && <WeeklyAiCost placeId={place._id} ai={aiSetting} />}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}
    </Modal>
  );
}

/** The server's quote of one round's AI analyses: credits and euros, and how they add up (docs/decisions.md §31.16). */
function WeeklyAiCost({ placeId, ai }: { placeId: string; ai: CampaignAi }) {
  const { t, i18n } = useTranslation('places');
  const settled = useDebouncedValue(ai, QUOTE_DEBOUNCE_MS);
  const quote = useWeeklyAiQuote(placeId, settled);
  const n = (value: number) => formatCount(value, i18n.language);
  let body: ReactNode;
  if (ai.engines.length === 0) body = <p className="text-slate-700">{t('schedule.ai.pickEngine')}</p>;
  else if (quote.isError) body = <p className="text-red-700">{apiErrorText(quote.error, t('schedule.ai.quoteFailed'))}</p>;
  else if (!quote.data)
    body = (
      <p role="status" className="flex items-center gap-2 text-slate-600">
        <Spinner className="h-4 w-4" />
        {t('schedule.ai.loading')}
      </p>
    );
  else if (quote.data.keywords === 0) body = <p className="text-slate-700">{t('schedule.ai.noKeywords')}</p>;
  else
    body = (
      <>
        <p data-testid="weekly-ai-cost" className="font-medium text-slate-900">
          {t('schedule.ai.round', { count: quote.data.roundAiCredits, credits: n(quote.data.roundAiCredits), euros: formatMoney(quote.data.euros, 'EUR', i18n.language) })}
        </p>
        <p className="text-xs text-slate-600">{t('schedule.ai.perKeyword', { count: quote.data.keywords, keywords: n(quote.data.keywords) })}</p>
      </>
    );
  return (
    <div aria-live="polite" className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
      {body}
    </div>
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
