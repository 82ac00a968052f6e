import { type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { ChatPanelContext } from '@/lib/chat-panel';

const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * Holds the live chat panel for the whole signed-in shell, so the shell's button and /support
 * open the same one. The panel (and its `chat` texts) load when first opened, in a Suspense
 * of their own so the page behind never blanks.
 */
export function ChatPanelProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ openChat: () => setOpen(true) }), []);
  return (
    <ChatPanelContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ChatPanelContext.Provider>
  );
}
