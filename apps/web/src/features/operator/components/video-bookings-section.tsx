import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorVideoBooking } from '@rankmaps/shared/schemas/video-call';
import { SlotForm } from '@/components/support/slot-form';
import { VideoCallItem, callTime } from '@/components/support/video-call-item';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { useOperatorCancelVideo, useOperatorMoveVideo, useOperatorVideoBookings, useOperatorVideoSlots } from '../api/operator-video';

const MADRID = 'Europe/Madrid';

/** Moving a call: the free slots in the team's zone, and the new time saved for both sides. */
function MoveCall({ booking, onDone }: { booking: OperatorVideoBooking; onDone: () => void }) {
  const { t, i18n } = useTranslation('video-call');
  const toast = useToast();
  const slots = useOperatorVideoSlots(true);
  const move = useOperatorMoveVideo();
  const zone = slots.data?.timeZone ?? MADRID;
  return (
    <SlotForm
      slots={slots}
      language={i18n.language}
      timeZone={zone}
      className="mt-3 space-y-3 border-t border-slate-200 pt-3"
      testId="operator-video-move"
      heading={<p className="text-sm font-semibold text-slate-900">{t('operator.moveTitle', { name: booking.customerName })}</p>}
      texts={{
        loading: t('loading'),
        error: t('error'),
        noSlots: t('operator.noSlots'),
        days: t('picker.days'),
        times: t('picker.times'),
        zoneNote: t('operator.zoneNote', { zone: timeZoneInWords(zone, i18n.language) }),
        pickFirst: t('pickFirst'),
        failed: t('failed'),
        submit: t('operator.save'),
      }}
      pending={move.isPending}
      onPick={async (start) => {
        await move.mutateAsync({ id: booking.id, start });
        toast({ type: 'success', message: t('operator.moved') });
        onDone();
      }}
      extraAction={
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('operator.back')}
        </Button>
      }
    />
  );
}

function CallRow({ booking }: { booking: OperatorVideoBooking }) {
  const { t, i18n } = useTranslation('video-call');
  const act = useToastedAction();
  const cancel = useOperatorCancelVideo();
  const [moving, setMoving] = useState(false);
  const when = callTime(booking.start, i18n.language, MADRID);
  const onCancel = () =>
    act({
      confirm: { title: t('operator.cancelTitle'), message: t('operator.cancelMessage', { name: booking.customerName, when }), confirmLabel: t('operator.cancelConfirm'), cancelLabel: t('operator.keep'), destructive: true },
      run: () => cancel.mutateAsync(booking.id),
      done: t('operator.cancelled'),
      failed: t('failed'),
    });
  return (
    <VideoCallItem
      when={when}
      testId="operator-video-booking"
      meetingUrl={booking.meetingUrl}
      joinText={`${t('operator.join')}: ${booking.meetingUrl}`}
      details={
        <>
          <p className="mt-1 break-words text-slate-700">
            {booking.customerName} · <span className="break-all">{booking.customerEmail}</span>
          </p>
          {booking.topic && <p className="mt-1 break-words text-slate-600">{t('operator.topic', { topic: booking.topic })}</p>}
        </>
      }
      actions={
        moving ? (
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
        )
      }
    />
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
      <QueryState query={bookings} loading={t('operator.loading')} error={t('operator.error')} isEmpty={(list) => list.length === 0} empty={<p className="text-sm text-slate-600">{t('operator.empty')}</p>}>
        {(list) => (
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.map((b) => (
              <CallRow key={b.id} booking={b} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
