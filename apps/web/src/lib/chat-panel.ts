import { createContext, useContext } from 'react';

/** Opens the live chat panel the shell holds (docs/support.md, «Chat en vivo»). */
export const ChatPanelContext = createContext<{ openChat: () => void } | null>(null);

/** `openChat` for buttons inside the signed-in shell (/support's «Abrir el chat»); null outside it. */
export const useChatPanel = () => useContext(ChatPanelContext);
