import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorVideoBooking } from '@rankmaps/shared/schemas/video-call';
import { SlotPicker } from '@/components/support/slot-picker';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { useOperatorCancelVideo, useOperatorMoveVideo, useOperatorVideoBookings, useOperatorVideoSlots } from '../api/operator-video';

const MADRID = 'Europe/Madrid';
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 ? err.message : fallback);

/** Moving a call: the free slots in the team's zone, and the new time saved for both sides. */
function MoveCall({ booking, onDone }: { booking: OperatorVideoBooking; onDone: () => void }) {
  const { t, i18n } = useTranslation('video-call');
  const toast = useToast();
  const slots = useOperatorVideoSlots(true);
  const move = useOperatorMoveVideo();
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const zone = slots.data?.timeZone ?? MADRID;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!start) return setError(t('pickFirst'));
    try {
      await move.mutateAsync({ id: booking.id, start });
      toast({ type: 'success', message: t('operator.moved') });
      onDone();
    } catch (err) {
      setError(messageOf(err, t('failed')));
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="mt-3 space-y-3 border-t border-slate-200 pt-3" noValidate data-testid="operator-video-move">
      <p className="text-sm font-semibold text-slate-900">{t('operator.moveTitle', { name: booking.customerName })}</p>
      {slots.isPending ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : slots.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('error')}
        </p>
      ) : slots.data.slots.length === 0 ? (
        <p className="text-sm text-slate-600">{t('operator.noSlots')}</p>
      ) : (
        <SlotPicker
          slots={slots.data.slots}
          value={start}
          onChange={setStart}
          language={i18n.language}
          timeZone={zone}
          labels={{ days: t('picker.days'), times: t('picker.times'), zoneNote: t('operator.zoneNote', { zone }) }}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={move.isPending}>
          {t('operator.save')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('operator.back')}
        </Button>
      </div>
    </form>
  );
}

function CallRow({ booking }: { booking: OperatorVideoBooking }) {
  const { t, i18n } = useTranslation('video-call');
  const { confirm } = useAlerts();
  const toast = useToast();
  const cancel = useOperatorCancelVideo();
  const [moving, setMoving] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone: MADRID }).format(new Date(booking.start));
  const onCancel = async () => {
    const ok = await confirm({
      title: t('operator.cancelTitle'),
      message: t('operator.cancelMessage', { name: booking.customerName, when }),
      confirmLabel: t('operator.cancelConfirm'),
      cancelLabel: t('operator.keep'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(booking.id);
      toast({ type: 'success', message: t('operator.cancelled') });
    } catch (err) {
      toast({ type: 'error', message: messageOf(err, t('failed')) });
    }
  };
  return (
    <li className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200" data-testid="operator-video-booking">
      <p className="font-semibold text-slate-900">{when}</p>
      <p className="mt-1 break-words text-slate-700">
        {booking.customerName} · <span className="break-all">{booking.customerEmail}</span>
      </p>
      {booking.topic && <p className="mt-1 break-words text-slate-600">{t('operator.topic', { topic: booking.topic })}</p>}
      <a href={booking.meetingUrl} target="_blank" rel="noreferrer" className="mt-1 inline-block font-medium break-all text-brand-700 hover:underline">
        {t('operator.join')}: {booking.meetingUrl}
      </a>
      {moving ? (
        <MoveCall booking={booking} onDone={() => setMoving(false)} />
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setMoving(true)}>
            {t('operator.move')}
          </Button>
          <Button variant="ghost" loading={cancel.isPending} onClick={() => void onCancel()}>
            {t('operator.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** /operator's «Videollamadas» (docs/support.md): the upcoming calls with customer, time and link; move and cancel. */
export function VideoBookingsSection() {
  const { t } = useTranslation('video-call');
  const bookings = useOperatorVideoBookings();
  return (
    <section aria-labelledby="operator-video-title" data-testid="operator-video" className="space-y-3">
      <h2 id="operator-video-title" className="text-lg font-semibold text-slate-900">
        {t('operator.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('operator.lead')}</p>
      {bookings.isPending ? (
        <p className="text-sm text-slate-500">{t('operator.loading')}</p>
      ) : bookings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('operator.error')}
        </p>
      ) : bookings.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('operator.empty')}</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {bookings.data.map((b) => (
            <CallRow key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
