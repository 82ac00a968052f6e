import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatStreamEvent, OperatorChatSummary, OperatorChatThread } from '@rankmaps/shared/schemas/chat';
import { api } from '@/lib/api-client';
import { type StreamStatus, connectStream } from './event-stream';
import { TYPING_EVERY_MS, mergeMessages } from './use-live-chat';

const listKey = ['operator', 'chats'] as const;

/**
 * The operator's live chats (docs/support.md, «Chat en vivo»): the list with unread counts,
 * one open thread, and the operator stream, which also keeps the operator online while
 * /operator is open. The list is fetched again on every message; the open thread merges
 * messages by id, so a replay never shows one twice.
 */
export function useOperatorChats() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: listKey, queryFn: () => api<{ conversations: OperatorChatSummary[] }>('/operator/chat/conversations') });
  const [selected, setSelected] = useState<string | null>(null);
  const [thread, setThread] = useState<OperatorChatThread | null>(null);
  const [threadError, setThreadError] = useState<string | null>(null);
  const [typingAt, setTypingAt] = useState<Record<string, number>>({});
  const [stream, setStream] = useState<StreamStatus>('connecting');
  const selectedRef = useRef<string | null>(null);
  selectedRef.current = selected;
  const lastTyping = useRef(0);

  const loadThread = useCallback(async (id: string) => {
    try {
      const loaded = await api<OperatorChatThread>(`/operator/chat/conversations/${id}`);
      if (selectedRef.current === id) {
        setThread((current) => (current?.id === id ? { ...loaded, messages: mergeMessages(current.messages, loaded.messages) } : loaded));
        setThreadError(null);
      }
    } catch (err) {
      if (selectedRef.current === id) setThreadError(err instanceof Error ? err.message : String(err));
    }
  }, []);

  useEffect(() => {
    setThread(null);
    if (selected) void loadThread(selected);
  }, [selected, loadThread]);

  useEffect(() => {
    let opened = false;
    return connectStream('/operator/chat/stream', {
      lastEventId: () => undefined,
      onStatus: (status) => {
        setStream(status);
        // After a reconnection, what came meanwhile is read again.
        if (status === 'open' && opened) {
          void queryClient.invalidateQueries({ queryKey: listKey });
          if (selectedRef.current) void loadThread(selectedRef.current);
        }
        if (status === 'open') opened = true;
      },
      onFatal: () => setStream('reconnecting'),
      onEvent: (raw) => {
        if (raw.event === 'resync') {
          void queryClient.invalidateQueries({ queryKey: listKey });
          if (selectedRef.current) void loadThread(selectedRef.current);
          return;
        }
        let e: ChatStreamEvent;
        try {
          e = JSON.parse(raw.data) as ChatStreamEvent;
        } catch {
          return;
        }
        if (e.type === 'mensaje') {
          void queryClient.invalidateQueries({ queryKey: listKey });
          if (e.message.author === 'cliente') setTypingAt(({ [e.conversationId]: _gone, ...rest }) => rest);
          if (e.conversationId === selectedRef.current) setThread((t) => (t && t.id === e.conversationId ? { ...t, messages: mergeMessages(t.messages, [e.message]) } : t));
        } else if (e.type === 'escribiendo' && e.author === 'cliente') {
          setTypingAt((m) => ({ ...m, [e.conversationId]: Date.now() }));
        } else if (e.type === 'leido') {
          if (e.conversationId === selectedRef.current) {
            setThread((t) => (t && t.id === e.conversationId ? (e.author === 'cliente' ? { ...t, customerReadUpTo: Math.max(t.customerReadUpTo, e.upTo) } : { ...t, operatorReadUpTo: Math.max(t.operatorReadUpTo, e.upTo) }) : t));
          }
          if (e.author === 'operador') void queryClient.invalidateQueries({ queryKey: listKey });
        }
      },
    });
  }, [queryClient, loadThread]);

  // What the open thread shows is read: the customer sees «Leído».
  const lastFromCustomer = thread ? ([...thread.messages].reverse().find((m) => m.author === 'cliente')?.id ?? 0) : 0;
  useEffect(() => {
    if (!thread || lastFromCustomer <= thread.operatorReadUpTo) return;
    const id = thread.id;
    setThread((t) => (t && t.id === id ? { ...t, operatorReadUpTo: lastFromCustomer } : t));
    void api(`/operator/chat/conversations/${id}/read`, { method: 'POST', body: { upTo: lastFromCustomer } })
      .then(() => queryClient.invalidateQueries({ queryKey: listKey }))
      .catch(() => undefined);
  }, [thread, lastFromCustomer, queryClient]);

  const send = useCallback(
    async (body: string) => {
      const id = selectedRef.current;
      if (!id) return;
      const sent = await api<{ message: OperatorChatThread['messages'][number] }>(`/operator/chat/conversations/${id}/messages`, { method: 'POST', body: { body, clientId: crypto.randomUUID() } });
      setThread((t) => (t && t.id === id ? { ...t, messages: mergeMessages(t.messages, [sent.message]) } : t));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
    [queryClient],
  );

  const typing = useCallback(() => {
    const id = selectedRef.current;
    const now = Date.now();
    if (!id || now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    void api(`/operator/chat/conversations/${id}/typing`, { method: 'POST' }).catch(() => undefined);
  }, []);

  return { list, selected, select: setSelected, thread, threadError, typingAt, stream, send, typing };
}
