import { type FormEvent, type ReactNode, useState } from 'react';
import type { VideoSlotsResponse } from '@rankmaps/shared/schemas/video-call';
import { Button } from '@/components/ui/button';
import { type LoadableQuery, QueryState } from '@/components/ui/query-state';
import { apiErrorText } from '@/lib/api-client';
import { SlotPicker } from './slot-picker';

export interface SlotFormTexts {
  loading: string;
  error: string;
  noSlots: string;
  days: string;
  times: string;
  zoneNote: string;
  /** Said when the form is sent with no time chosen. */
  pickFirst: string;
  failed: string;
  submit: string;
  /** The submit button's text while it is saving, when it says more than the spinner. */
  submitting?: string;
}

interface SlotFormProps {
  slots: LoadableQuery<VideoSlotsResponse>;
  language: string;
  timeZone: string;
  texts: SlotFormTexts;
  pending: boolean;
  /** Books or moves the call at `start`; a rejection is shown under the picker. */
  onPick: (start: string) => Promise<void>;
  /** Above the picker, whatever the slots. */
  heading?: ReactNode;
  /** Fields asked with the time (the call's topic), shown with the picker. */
  children?: ReactNode;
  /** Beside the submit button, whatever the slots (going back). */
  extraAction?: ReactNode;
  className?: string;
  testId?: string;
}

/**
 * Choosing a video call's time (docs/support.md «Videollamada»), for a customer booking or
 * moving a call and for the team moving one: the free slots with their loading, error and empty
 * states, the picker, and the button that uses the chosen slot.
 */
export function SlotForm({ slots, language, timeZone, texts, pending, onPick, heading, children, extraAction, className = 'space-y-4', testId }: SlotFormProps) {
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasSlots = (slots.data?.slots.length ?? 0) > 0;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!start) return setError(texts.pickFirst);
    setError(null);
    try {
      await onPick(start);
      setStart(null);
    } catch (err) {
      setError(apiErrorText(err, texts.failed));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className={className} noValidate data-testid={testId}>
      {heading}
      <QueryState query={slots} loading={texts.loading} error={texts.error} isEmpty={(data) => data.slots.length === 0} empty={<p className="text-sm text-slate-600">{texts.noSlots}</p>}>
        {(data) => (
          <>
            <SlotPicker slots={data.slots} value={start} onChange={setStart} language={language} timeZone={timeZone} labels={{ days: texts.days, times: texts.times, zoneNote: texts.zoneNote }} />
            {children}
          </>
        )}
      </QueryState>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {(hasSlots || extraAction) && (
        <div className="flex flex-wrap gap-2">
          {hasSlots && (
            <Button type="submit" loading={pending}>
              {pending && texts.submitting ? texts.submitting : texts.submit}
            </Button>
          )}
          {extraAction}
        </div>
      )}
    </form>
  );
}
