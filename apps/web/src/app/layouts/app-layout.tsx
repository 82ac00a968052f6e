import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';

// Visitors never see the sidebar, so it is its own chunk and stays out of the landing bundle.
const SignedInShell = lazy(() => import('./signed-in-shell'));

/** The signed-in layout (collapsible sidebar, mobile bottom bar and menu) around any page. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <SignedInShell>{children}</SignedInShell>
    </Suspense>
  );
}

/** The layout route of the protected screens. */
export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
