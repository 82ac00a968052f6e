import { Outlet } from 'react-router';
import { useSession } from '@/lib/auth/session';
import { AppShell } from './app-layout';
import { PublicLayout } from './public-layout';

/** Public pages wear the sidebar layout when a user is signed in, the public one otherwise. */
export function SiteLayout() {
  const { isAuthenticated } = useSession();
  return isAuthenticated ? (
    <AppShell>
      <Outlet />
    </AppShell>
  ) : (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
