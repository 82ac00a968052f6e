import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ChatAvailability, ChatMessage, ChatSent, ChatState, ChatStreamEvent } from '@rankmaps/shared/schemas/chat';
import { ApiError, api } from '@/lib/api-client';
import { type StreamStatus, connectStream } from './event-stream';

/** How long «escribiendo…» stays after the last typing signal. */
export const TYPING_SHOWN_MS = 4000;
/** At most one typing signal this often. */
export const TYPING_EVERY_MS = 2500;

/** Why a message became a ticket (sent outside hours, or with nobody online): shown under it as a note; the message itself stays in the history with its ticket. */
export interface TicketNote {
  key: string;
  notice: string;
}

interface ChatView {
  phase: 'loading' | 'ready' | 'error';
  error: ApiError | null;
  messages: ChatMessage[];
  notes: TicketNote[];
  availability: ChatAvailability | null;
  operatorReadUpTo: number;
  customerReadUpTo: number;
  operatorTypingAt: number | null;
  stream: StreamStatus;
}

type Action =
  | { type: 'loaded'; state: ChatState }
  | { type: 'failed'; error: ApiError }
  | { type: 'messages'; messages: ChatMessage[] }
  | { type: 'note'; note: TicketNote }
  | { type: 'event'; event: ChatStreamEvent }
  | { type: 'stream'; status: StreamStatus }
  | { type: 'read'; upTo: number };

/** Adds messages by id: one already there (a replay, our own echo) is not added twice. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function reducer(view: ChatView, action: Action): ChatView {
  switch (action.type) {
    case 'loaded':
      return {
        ...view,
        phase: 'ready',
        error: null,
        messages: mergeMessages(view.messages, action.state.messages),
        availability: action.state.availability,
        operatorReadUpTo: Math.max(view.operatorReadUpTo, action.state.operatorReadUpTo),
        customerReadUpTo: Math.max(view.customerReadUpTo, action.state.customerReadUpTo),
      };
    case 'failed':
      return { ...view, phase: 'error', error: action.error };
    case 'messages':
      return { ...view, messages: mergeMessages(view.messages, action.messages) };
    case 'note':
      return { ...view, notes: [...view.notes, action.note] };
    case 'stream':
      return { ...view, stream: action.status };
    case 'read':
      return { ...view, customerReadUpTo: Math.max(view.customerReadUpTo, action.upTo) };
    case 'event': {
      const e = action.event;
      if (e.type === 'mensaje') {
        // An operator's message ends their «escribiendo…».
        const typing = e.message.author === 'operador' ? null : view.operatorTypingAt;
        return { ...view, messages: mergeMessages(view.messages, [e.message]), operatorTypingAt: typing };
      }
      if (e.type === 'escribiendo' && e.author === 'operador') return { ...view, operatorTypingAt: Date.now() };
      if (e.type === 'leido' && e.author === 'operador') return { ...view, operatorReadUpTo: Math.max(view.operatorReadUpTo, e.upTo) };
      if (e.type === 'leido' && e.author === 'cliente') return { ...view, customerReadUpTo: Math.max(view.customerReadUpTo, e.upTo) };
      if (e.type === 'estado') return { ...view, availability: e.availability };
      return view;
    }
  }
}

const initial: ChatView = {
  phase: 'loading',
  error: null,
  messages: [],
  notes: [],
  availability: null,
  operatorReadUpTo: 0,
  customerReadUpTo: 0,
  operatorTypingAt: null,
  stream: 'connecting',
};

/**
 * The customer's live chat while the panel is open (docs/support.md, «Chat en vivo»): the
 * history, then the stream, which catches up from the last message held after any drop.
 */
export function useLiveChat() {
  const [view, dispatch] = useReducer(reducer, initial);
  const lastId = useRef<number | undefined>(undefined);
  lastId.current = view.messages.at(-1)?.id ?? (view.phase === 'ready' ? 0 : undefined);
  const lastTyping = useRef(0);

  useEffect(() => {
    let stopStream: (() => void) | undefined;
    let cancelled = false;
    api<ChatState>('/chat').then(
      (state) => {
        if (cancelled) return;
        dispatch({ type: 'loaded', state });
        lastId.current = state.messages.at(-1)?.id ?? 0;
        stopStream = connectStream('/chat/stream', {
          lastEventId: () => lastId.current,
          onEvent: (e) => {
            try {
              dispatch({ type: 'event', event: JSON.parse(e.data) as ChatStreamEvent });
            } catch {
              // An event that is not JSON (none is sent) is ignored.
            }
          },
          onStatus: (status) => dispatch({ type: 'stream', status }),
          onFatal: (error) => dispatch({ type: 'failed', error }),
        });
      },
      (error: unknown) => {
        if (!cancelled) dispatch({ type: 'failed', error: error instanceof ApiError ? error : new ApiError(String(error), 0) });
      },
    );
    return () => {
      cancelled = true;
      stopStream?.();
    };
  }, []);

  const send = useCallback(async (body: string): Promise<ChatSent> => {
    const sent = await api<ChatSent>('/chat/messages', { method: 'POST', body: { body, clientId: crypto.randomUUID() } });
    dispatch({ type: 'messages', messages: [sent.message] });
    if (sent.delivered === 'ticket') dispatch({ type: 'note', note: { key: sent.reference, notice: sent.notice } });
    return sent;
  }, []);

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    void api('/chat/typing', { method: 'POST' }).catch(() => undefined);
  }, []);

  const markRead = useCallback((upTo: number) => {
    dispatch({ type: 'read', upTo });
    void api('/chat/read', { method: 'POST', body: { upTo } }).catch(() => undefined);
  }, []);

  return { view, send, typing, markRead };
}
