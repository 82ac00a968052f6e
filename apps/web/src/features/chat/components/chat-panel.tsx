import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { VideoIcon, WifiOffIcon } from 'lucide-react';
import { Modal } from '@/components/ui/modal';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { TYPING_SHOWN_MS, useLiveChat } from '../api/use-live-chat';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** «escribiendo…» for a few seconds after the last signal: re-renders when it should go. */
function useStillTyping(at: number | null): boolean {
  const [, setTick] = useState(0);
  const live = at !== null && Date.now() - at < TYPING_SHOWN_MS;
  useEffect(() => {
    if (!live || at === null) return;
    const timer = setTimeout(() => setTick((n) => n + 1), TYPING_SHOWN_MS - (Date.now() - at) + 50);
    return () => clearTimeout(timer);
  }, [at, live]);
  return live;
}

function ChatBody({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const { view, send, typing, markRead } = useLiveChat();
  const operatorTyping = useStillTyping(view.operatorTypingAt);

  // What the panel shows is read: the operator sees «Leído» once it is on screen.
  const lastFromSupport = [...view.messages].reverse().find((m) => m.author === 'operador')?.id ?? 0;
  useEffect(() => {
    if (view.phase === 'ready' && lastFromSupport > view.customerReadUpTo) markRead(lastFromSupport);
  }, [view.phase, lastFromSupport, view.customerReadUpTo, markRead]);

  if (view.phase !== 'ready') {
    // The chat loads through its own stream, not a query: its phase says what QueryState shows.
    const opening = { data: undefined, isPending: view.phase === 'loading', isError: true, isFetching: false, refetch: async () => onRetry() };
    // A plan without the chat cannot be retried into one: the way out is the plans.
    const upgrade = view.error instanceof ApiError && view.error.errorType === 'upgrade_required';
    const seePlans = (
      <Link to={paths.subscription.getHref()} onClick={onClose} className="mt-2 inline-block font-medium text-brand-700 hover:underline">
        {t('seePlans')}
      </Link>
    );
    return (
      <QueryState
        query={opening}
        loading={t('loading')}
        error={upgrade ? view.error?.message : t('error', { message: view.error?.message ?? '' })}
        errorAction={upgrade ? seePlans : undefined}
        className="py-8"
      >
        {() => null}
      </QueryState>
    );
  }

  const availability = view.availability;
  return (
    <div className="flex flex-col gap-3">
      {availability && (
        <p
          data-testid="chat-availability"
          data-reason={availability.reason}
          className={`rounded-lg px-3 py-2 text-sm ${availability.available ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900'}`}
        >
          {availability.available ? t('available') : availability.reason === 'fuera-de-horario' ? t('outsideHours', { hours: availability.hours }) : t('noOperators')}
        </p>
      )}
      {view.stream === 'reconnecting' && (
        <p role="status" data-testid="chat-reconnecting" className="flex items-center gap-2 text-sm text-amber-800">
          <WifiOffIcon aria-hidden="true" className="h-4 w-4" /> {t('reconnecting')}
        </p>
      )}
      <div className="h-[45vh] min-h-48 overflow-y-auto rounded-lg border border-slate-200 p-3">
        <ChatMessageList
          testId="chat-messages"
          messages={view.messages}
          mine="cliente"
          readUpTo={view.operatorReadUpTo}
          language={i18n.language}
          labels={{ mine: t('you'), theirs: t('support'), read: t('read'), sent: t('sent'), empty: view.notes.length ? '' : t('empty'), ticket: (reference) => t('ticket', { reference }) }}
          footer={
            <>
              {view.notes.map((n) => (
                <div key={n.key} data-testid="chat-ticket-note" className="flex flex-col items-end gap-1">
                  <p className="max-w-[85%] rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{n.notice}</p>
                </div>
              ))}
              {operatorTyping && (
                <p data-testid="chat-typing" className="text-sm text-slate-500 italic">
                  {t('typing')}
                </p>
              )}
            </>
          }
        />
      </div>
      <ChatComposer
        testId="chat-composer"
        label={t('messageLabel')}
        placeholder={t('placeholder')}
        keysHint={t('keysHint')}
        sendLabel={t('send')}
        tooLong={t('tooLong')}
        onSend={send}
        onTyping={typing}
        describeError={(err) => t('sendFailed', { message: errorText(err) })}
      />
      <Link
        to={`${paths.support.getHref()}#videollamada`}
        onClick={onClose}
        data-testid="chat-video-call"
        className="inline-flex items-center gap-2 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <VideoIcon aria-hidden="true" className="h-4 w-4" />
        {t('videoCall')}
      </Link>
    </div>
  );
}

/** The live chat panel (docs/support.md, «Chat en vivo»): a modal dialog, Escape closes it, focus stays inside. */
export default function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal title={t('title')} description={t('description')} closeLabel={t('close')} onClose={onClose}>
      <ChatBody key={attempt} onRetry={() => setAttempt((n) => n + 1)} onClose={onClose} />
    </Modal>
  );
}
