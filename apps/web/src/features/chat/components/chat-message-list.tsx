import { useEffect, useRef } from 'react';
import type { ChatMessage } from '@rankmaps/shared/schemas/chat';

export interface MessageListLabels {
  mine: string;
  theirs: string;
  read: string;
  sent: string;
  empty: string;
  /** The note under a message that became a support ticket: «Ticket TK-…». */
  ticket: (reference: string) => string;
}

interface ChatMessageListProps {
  messages: ChatMessage[];
  /** Whose messages are "mine" (right-aligned, with their read state). */
  mine: ChatMessage['author'];
  /** The other side's read marker: my messages up to it show «Leído». */
  readUpTo: number;
  labels: MessageListLabels;
  language: string;
  /** Extra lines after the messages (ticket notes, «escribiendo…»). */
  footer?: React.ReactNode;
  testId: string;
}

const timeOf = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language === 'en' ? 'en-GB' : 'es-ES', { hour: '2-digit', minute: '2-digit' });

/**
 * A chat's messages as text (React text nodes: markup is shown as typed), oldest first, kept
 * scrolled to the newest. A live region, so a screen reader reads new messages.
 */
export function ChatMessageList({ messages, mine, readUpTo, labels, language, footer, testId }: ChatMessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, footer]);
  const lastMine = [...messages].reverse().find((m) => m.author === mine)?.id;
  return (
    <div role="log" aria-live="polite" data-testid={testId} className="flex flex-col gap-2">
      {messages.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{labels.empty}</p>}
      {messages.map((m) => {
        const own = m.author === mine;
        return (
          <div key={m.id} data-testid="chat-message" data-author={m.author} className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}>
            <div className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${own ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900'}`}>
              <span className="sr-only">{own ? labels.mine : labels.theirs}: </span>
              {m.body}
            </div>
            <span className="mt-0.5 text-xs text-slate-500">
              {m.ticketReference && (
                <span data-testid="chat-message-ticket" className="font-medium text-amber-800">
                  {labels.ticket(m.ticketReference)} ·{' '}
                </span>
              )}
              {timeOf(m.createdAt, language)}
              {own && m.id === lastMine && <span data-testid="chat-read-state"> · {m.id <= readUpTo ? labels.read : labels.sent}</span>}
            </span>
          </div>
        );
      })}
      {footer}
      <div ref={end} />
    </div>
  );
}
