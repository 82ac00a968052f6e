import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/spinner';
import { ChatPanelProvider } from '@/features/chat/components/chat-panel-provider';
import { AppMobileNav } from './app-mobile-nav';
import { AppSidebar } from './app-sidebar';

const COLLAPSED_KEY = 'sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The signed-in layout: collapsible sidebar on desktop, top menu and bottom bar on mobile. */
export default function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  };
  return (
    <ChatPanelProvider>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('skipToContent')}
        </a>
        <AppSidebar collapsed={collapsed} onToggle={toggle} />
        <AppMobileNav />
        <main
          id="main"
          tabIndex={-1}
          className={`min-h-screen pt-14 pb-24 outline-none transition-[padding] duration-200 md:pt-0 md:pb-0 ${collapsed ? 'md:pl-20' : 'md:pl-72'}`}
        >
          <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <Suspense fallback={<PageLoader />}>{children}</Suspense>
          </div>
        </main>
      </div>
    </ChatPanelProvider>
  );
}
