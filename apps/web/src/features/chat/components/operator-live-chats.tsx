import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOffIcon } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { TYPING_SHOWN_MS } from '../api/use-live-chat';
import { useOperatorChats } from '../api/use-operator-chats';
import { ChatComposer } from './chat-composer';
import { ChatMessageList } from './chat-message-list';

/** Re-renders every second while someone may be typing, so «escribiendo…» goes away on time. */
function useClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * «Chats en vivo» in /operator (docs/support.md): the conversations with their unread counts,
 * live, and the open one's thread with a reply box, typing and read states. While it is on
 * screen the operator is online, so customers' messages come here instead of becoming tickets.
 */
export default function OperatorLiveChats() {
  const { t, i18n } = useTranslation('chat');
  const chats = useOperatorChats();
  const typingIds = Object.keys(chats.typingAt);
  const now = useClock(typingIds.length > 0);
  const isTyping = (id: string) => (chats.typingAt[id] ?? 0) > now - TYPING_SHOWN_MS;

  return (
    <section aria-labelledby="operator-chats-title" data-testid="operator-live-chats" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="operator-chats-title" className="text-lg font-semibold text-slate-900">
          {t('operator.title')}
        </h2>
        {chats.stream === 'open' ? (
          <span data-testid="operator-chats-live" className="inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
            {t('operator.live')}
          </span>
        ) : (
          <span role="status" className="inline-flex items-center gap-1.5 text-xs font-medium text-amber-800">
            <WifiOffIcon aria-hidden="true" className="h-4 w-4" />
            {chats.stream === 'connecting' ? t('connecting') : t('reconnecting')}
          </span>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="min-w-0 lg:col-span-2">
          <QueryState
            query={chats.list}
            loading={t('operator.loading')}
            error={t('operator.error')}
            isEmpty={(data) => data.conversations.length === 0}
            empty={<p className="text-sm text-slate-600">{t('operator.empty')}</p>}
          >
            {({ conversations }) => (
              <ul className="space-y-2" aria-label={t('operator.list')} data-testid="operator-chat-list">
                {conversations.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-pressed={chats.selected === c.id}
                      onClick={() => chats.select(c.id)}
                      data-testid="operator-chat-item"
                      className={`w-full rounded-xl p-3 text-left text-sm ring-1 transition hover:bg-slate-50 ${chats.selected === c.id ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200'}`}
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="font-semibold break-words text-slate-900">{c.customerName}</span>
                        {c.unread > 0 && (
                          <span data-testid="operator-chat-unread" className="rounded-full bg-red-600 px-2 text-xs leading-5 font-bold text-white">
                            {t('operator.unread', { count: c.unread })}
                          </span>
                        )}
                      </span>
                      <span className="block text-xs break-all text-slate-600">{c.customerEmail}</span>
                      <span className="mt-1 block truncate text-slate-700">{isTyping(c.id) ? t('operator.customerTyping') : c.lastMessage}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </div>
        <div className="min-w-0 lg:col-span-3">
          {!chats.selected ? (
            <p className="text-sm text-slate-600">{t('operator.pick')}</p>
          ) : chats.threadError ? (
            <p role="alert" className="text-sm text-red-700">
              {chats.threadError}
            </p>
          ) : !chats.thread ? (
            <p className="text-sm text-slate-500">{t('loading')}</p>
          ) : (
            <div data-testid="operator-chat-thread" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-semibold break-words text-slate-900">
                {chats.thread.customerName} <span className="text-sm font-normal break-all text-slate-600">{chats.thread.customerEmail}</span>
              </h3>
              <div className="max-h-96 overflow-y-auto">
                <ChatMessageList
                  testId="operator-chat-messages"
                  messages={chats.thread.messages}
                  mine="operador"
                  readUpTo={chats.thread.customerReadUpTo}
                  language={i18n.language}
                  labels={{ mine: t('operator.you'), theirs: t('operator.customer'), read: t('read'), sent: t('sent'), empty: t('empty'), ticket: (reference) => t('ticket', { reference }) }}
                  footer={
                    isTyping(chats.thread.id) ? (
                      <p data-testid="operator-chat-typing" className="text-sm text-slate-500 italic">
                        {t('operator.customerTyping')}
                      </p>
                    ) : null
                  }
                />
              </div>
              <ChatComposer
                key={chats.thread.id}
                testId="operator-chat-composer"
                label={t('operator.reply')}
                placeholder={t('placeholder')}
                keysHint={t('keysHint')}
                sendLabel={t('operator.send')}
                tooLong={t('tooLong')}
                onSend={chats.send}
                onTyping={chats.typing}
                describeError={(err) => t('sendFailed', { message: err instanceof Error ? err.message : String(err) })}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
