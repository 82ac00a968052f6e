import { lazy, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/ui/spinner';
import { useWorkspace } from '@/lib/workspace/use-workspace';
import { usesClientPortal } from '@/lib/workspace/active-workspace';
import { useSession } from '@/lib/auth/session';

// Visitors never see the sidebar, so it is its own chunk and stays out of the landing bundle.
const SignedInShell = lazy(() => import('./signed-in-shell'));
// A Cliente sees the agency's branded portal instead (docs/decisions.md §30.7).
const PortalShell = lazy(() => import('./portal-shell'));

/** The signed-in layout (collapsible sidebar, mobile bottom bar and menu) around any page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const workspace = useWorkspace();
  // Which of the two layouts depends on the role: nothing is drawn until it is known.
  if (isAuthenticated && workspace.loading) return <PageLoader />;
  const Shell = usesClientPortal(workspace.role) ? PortalShell : SignedInShell;
  return (
    <Suspense fallback={<PageLoader />}>
      <Shell>{children}</Shell>
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
