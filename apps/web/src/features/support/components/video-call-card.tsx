import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPlan } from '@rankmaps/shared/plans';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { VIDEO_TOPIC_MAX_LENGTH, type VideoBooking } from '@rankmaps/shared/schemas/video-call';
import { LockIcon, VideoIcon } from 'lucide-react';
import { SlotPicker } from '@/components/support/slot-picker';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { availabilityText } from '@/lib/upgrade-text';
import { useBookVideoCall, useCancelVideoCall, useMoveVideoCall, useVideoBookings, useVideoSlots } from '../api/video-call';

/** The browser's IANA zone: the user's e-mails show the call's time in it. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 ? err.message : fallback);

/** The slot picker with its loading, error and empty states, and the button that uses the chosen slot. */
function PickSlot({ submitLabel, pendingLabel, pending, onPick, children }: { submitLabel: string; pendingLabel: string; pending: boolean; onPick: (start: string) => Promise<void>; children?: React.ReactNode }) {
  const { t, i18n } = useTranslation('video-call');
  const slots = useVideoSlots(true);
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const zone = browserZone();
  if (slots.isPending) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  if (slots.isError)
    return (
      <div role="alert" className="text-sm text-red-700">
        {t('error')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void slots.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  if (slots.data.slots.length === 0) return <p className="text-sm text-slate-600">{t('noSlots')}</p>;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!start) return setError(t('pickFirst'));
    setError(null);
    try {
      await onPick(start);
      setStart(null);
    } catch (err) {
      setError(messageOf(err, t('failed')));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
      <SlotPicker
        slots={slots.data.slots}
        value={start}
        onChange={setStart}
        language={i18n.language}
        timeZone={zone}
        labels={{ days: t('picker.days'), times: t('picker.times'), zoneNote: t('picker.zoneNote', { zone }) }}
      />
      {children}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

/** One upcoming call; without `onMove` (a plan without live support) it can only be cancelled. */
function UpcomingCall({ booking, onMove }: { booking: VideoBooking; onMove?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation('video-call');
  const { confirm } = useAlerts();
  const toast = useToast();
  const cancel = useCancelVideoCall();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: browserZone() }).format(new Date(booking.start));
  const onCancel = async () => {
    const ok = await confirm({ title: t('cancel.title'), message: t('cancel.message', { when }), confirmLabel: t('cancel.confirm'), cancelLabel: t('cancel.keep'), destructive: true });
    if (!ok) return;
    try {
      await cancel.mutateAsync(booking.id);
      toast({ type: 'success', message: t('cancel.done') });
    } catch (err) {
      toast({ type: 'error', message: messageOf(err, t('failed')) });
    }
  };
  return (
    <li className="rounded-xl p-3 ring-1 ring-slate-200" data-testid="video-booking">
      <p className="font-semibold text-slate-900">{when}</p>
      {booking.topic && <p className="mt-1 text-sm break-words text-slate-700">{t('upcoming.topic', { topic: booking.topic })}</p>}
      <a href={booking.meetingUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block text-sm font-medium break-all text-brand-700 hover:underline">
        {t('upcoming.join')}
      </a>
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
    </li>
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
      <ul className="mt-2 space-y-2" data-testid="video-bookings">
        {bookings.data.map((b) => (
          <UpcomingCall key={b.id} booking={b} />
        ))}
      </ul>
    </section>
  );
}

/** The card for a plan with live support: the user's calls, and the picker to book one or move one. */
function VideoCallBooking({ hoursText }: { hoursText: string | undefined }) {
  const { t, i18n } = useTranslation('video-call');
  const toast = useToast();
  const bookings = useVideoBookings(true);
  const book = useBookVideoCall();
  const move = useMoveVideoCall();
  const [topic, setTopic] = useState('');
  const [moving, setMoving] = useState<VideoBooking | null>(null);

  if (bookings.isPending) return <p className="mt-3 text-sm text-slate-500">{t('loading')}</p>;
  if (bookings.isError)
    return (
      <div role="alert" className="mt-3 text-sm text-red-700">
        {t('error')}{' '}
        <button type="button" className="font-medium underline" onClick={() => void bookings.refetch()}>
          {t('retry')}
        </button>
      </div>
    );

  if (moving) {
    const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: browserZone() }).format(new Date(moving.start));
    return (
      <div className="mt-4 space-y-3" data-testid="video-move">
        <h3 className="text-base font-semibold text-slate-900">{t('move.title', { when })}</h3>
        <PickSlot
          submitLabel={t('move.save')}
          pendingLabel={t('move.saving')}
          pending={move.isPending}
          onPick={async (start) => {
            await move.mutateAsync({ id: moving.id, start });
            setMoving(null);
            toast({ type: 'success', message: t('move.done') });
          }}
        />
        <Button variant="ghost" onClick={() => setMoving(null)}>
          {t('move.back')}
        </Button>
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
        {bookings.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('upcoming.empty')}</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="video-bookings">
            {bookings.data.map((b) => (
              <UpcomingCall key={b.id} booking={b} onMove={() => setMoving(b)} />
            ))}
          </ul>
        )}
      </section>
      <PickSlot
        submitLabel={t('book')}
        pendingLabel={t('booking')}
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
