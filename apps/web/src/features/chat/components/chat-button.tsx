import { MessageCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChatPanel } from '@/lib/chat-panel';

/** The shell's button that opens the live chat (sidebar, and the top bar on a phone). */
export function ChatButton({ placement }: { placement: 'sidebar' | 'topbar' }) {
  const { t } = useTranslation();
  const panel = useChatPanel();
  if (!panel) return null;
  return (
    <button
      type="button"
      onClick={panel.openChat}
      aria-haspopup="dialog"
      aria-label={t('chatOpen')}
      title={t('chatOpen')}
      data-testid={`chat-open-${placement}`}
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
    >
      <MessageCircleIcon aria-hidden="true" className="h-5 w-5 shrink-0" />
    </button>
  );
}
