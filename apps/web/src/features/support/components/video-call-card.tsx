import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPlan } from '@rankmaps/shared/plans';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { VIDEO_TOPIC_MAX_LENGTH, type VideoBooking } from '@rankmaps/shared/schemas/video-call';
import { LockIcon, VideoIcon } from 'lucide-react';
import { SlotForm } from '@/components/support/slot-form';
import { VideoCallItem, callTime } from '@/components/support/video-call-item';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { paths } from '@/lib/paths';
import { availabilityText } from '@/lib/upgrade-text';
import { useBookVideoCall, useCancelVideoCall, useMoveVideoCall, useVideoBookings, useVideoSlots } from '../api/video-call';

/** The browser's IANA zone: the user's e-mails show the call's time in it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';

/** The slot form as the customer sees it: times in the browser's zone. */
function PickSlot({ submit, submitting, pending, onPick, children, extraAction }: { submit: string; submitting: string; pending: boolean; onPick: (start: string) => Promise<void>; children?: ReactNode; extraAction?: ReactNode }) {
  const { t, i18n } = useTranslation('video-call');
  const slots = useVideoSlots(true);
  const zone = browserZone();
  return (
    <SlotForm
      slots={slots}
      language={i18n.language}
      timeZone={zone}
      texts={{ loading: t('loading'), error: t('error'), noSlots: t('noSlots'), days: t('picker.days'), times: t('picker.times'), zoneNote: t('picker.zoneNote', { zone: timeZoneInWords(zone, i18n.language) }), pickFirst: t('pickFirst'), failed: t('failed'), submit, submitting }}
      pending={pending}
      onPick={onPick}
      extraAction={extraAction}
    >
      {children}
    </SlotForm>
  );
}

/** One upcoming call; without `onMove` (a plan without live support) it can only be cancelled. */
function UpcomingCall({ booking, onMove }: { booking: VideoBooking; onMove?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation('video-call');
  const act = useToastedAction();
  const cancel = useCancelVideoCall();
  const when = callTime(booking.start, i18n.language, browserZone());
  const onCancel = () =>
    act({
      confirm: { title: t('cancel.title'), message: t('cancel.message', { when }), confirmLabel: t('cancel.confirm'), cancelLabel: t('cancel.keep'), destructive: true },
      run: () => cancel.mutateAsync(booking.id),
      done: t('cancel.done'),
      failed: t('failed'),
    });
  return (
    <VideoCallItem
      when={when}
      testId="video-booking"
      meetingUrl={booking.meetingUrl}
      joinText={t('upcoming.join')}
      details={booking.topic && <p className="mt-1 break-words text-slate-700">{t('upcoming.topic', { topic: booking.topic })}</p>}
      actions={
        <div className="mt-2 flex flex-wrap gap-2">
          {onMove && (
            <Button variant="secondary" onClick={onMove}>
              {t('upcoming.move')}
            </Button>
          )}
          <Button variant="ghost" loading={cancel.isPending} onClick={() => void onCancel()}>
            {t('upcoming.cancel')}
          </Button>
        </div>
      }
    />
  );
}

function CallList({ bookings, onMove }: { bookings: VideoBooking[]; onMove?: (booking: VideoBooking) => void }) {
  return (
    <ul className="mt-2 space-y-2" data-testid="video-bookings">
      {bookings.map((b) => (
        <UpcomingCall key={b.id} booking={b} onMove={onMove && (() => onMove(b))} />
      ))}
    </ul>
  );
}

/** Calls booked before the plan lost live support: still shown, and cancellable (docs/support.md «Videollamada»). */
function EarlierCalls() {
  const { t } = useTranslation('video-call');
  const bookings = useVideoBookings(true);
  if (!bookings.data?.length) return null;
  return (
    <section aria-labelledby="video-upcoming-title" className="mt-4">
      <h3 id="video-upcoming-title" className="text-base font-semibold text-slate-900">
        {t('upcoming.title')}
      </h3>
      <CallList bookings={bookings.data} />
    </section>
  );
}

/** The card for a plan with live support: the user's calls, and the picker to book one or move one. */
function VideoCallBooking({ hoursText }: { hoursText: string | undefined }) {
  const { t } = useTranslation('video-call');
  const bookings = useVideoBookings(true);
  return (
    <QueryState query={bookings} loading={t('loading')} error={t('error')} className="mt-3">
      {(list) => <BookingPanel bookings={list} hoursText={hoursText} />}
    </QueryState>
  );
}

function BookingPanel({ bookings, hoursText }: { bookings: VideoBooking[]; hoursText: string | undefined }) {
  const { t, i18n } = useTranslation('video-call');
  const toast = useToast();
  const book = useBookVideoCall();
  const move = useMoveVideoCall();
  const [topic, setTopic] = useState('');
  const [moving, setMoving] = useState<VideoBooking | null>(null);

  if (moving) {
    const when = callTime(moving.start, i18n.language, browserZone());
    return (
      <div className="mt-4 space-y-3" data-testid="video-move">
        <h3 className="text-base font-semibold text-slate-900">{t('move.title', { when })}</h3>
        <PickSlot
          submit={t('move.save')}
          submitting={t('move.saving')}
          pending={move.isPending}
          onPick={async (start) => {
            await move.mutateAsync({ id: moving.id, start });
            setMoving(null);
            toast({ type: 'success', message: t('move.done') });
          }}
          extraAction={
            <Button variant="ghost" onClick={() => setMoving(null)}>
              {t('move.back')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="mt-4 space-y-6">
      {hoursText && <p className="text-sm text-slate-600">{t('lead', { hours: hoursText })}</p>}
      <section aria-labelledby="video-upcoming-title">
        <h3 id="video-upcoming-title" className="text-base font-semibold text-slate-900">
          {t('upcoming.title')}
        </h3>
        {bookings.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t('upcoming.empty')}</p> : <CallList bookings={bookings} onMove={setMoving} />}
      </section>
      <PickSlot
        submit={t('book')}
        submitting={t('booking')}
        pending={book.isPending}
        onPick={async (start) => {
          await book.mutateAsync({ start, topic: topic.trim() || undefined, timeZone: browserZone() });
          setTopic('');
          toast({ type: 'success', message: t('booked') });
        }}
      >
        <TextField label={t('topic')} placeholder={t('topicPlaceholder')} value={topic} maxLength={VIDEO_TOPIC_MAX_LENGTH} onChange={(e) => setTopic(e.target.value)} />
      </PickSlot>
    </div>
  );
}

/**
 * «Videollamada» on /support (docs/support.md): with live support, the user's calls and a day/slot
 * picker; without it, what the plan lacks and which plan adds it. `#videollamada` (the chat's
 * link) scrolls here once the card has drawn.
 */
export function VideoCallCard({ currentPlan }: { currentPlan: string | null | undefined }) {
  const { t } = useTranslation('video-call');
  const { t: tc } = useTranslation('common');
  const live = getPlan(currentPlan ?? '')?.liveSupport ?? false;
  const slots = useVideoSlots(live);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#videollamada') ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  const target = cheapestPlanFor({ kind: 'liveSupport' }, currentPlan);
  const text = availabilityText(target);
  const availability = text ? tc(text.key, text.values) : '';
  return (
    <section ref={ref} id="videollamada" aria-labelledby="video-call-title" data-testid="video-call" className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="video-call-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <VideoIcon aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('title')}
      </h2>
      {live ? (
        <VideoCallBooking hoursText={slots.data?.hoursText} />
      ) : (
        <div className="mt-3 flex items-start gap-2 text-sm text-slate-700">
          <LockIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          <p>
            {t('locked', { availability })}{' '}
            <Link to={paths.subscription.getHref()} className="font-medium text-brand-700 hover:underline">
              {t('seePlans')}
            </Link>
          </p>
        </div>
      )}
      {!live && <EarlierCalls />}
    </section>
  );
}
