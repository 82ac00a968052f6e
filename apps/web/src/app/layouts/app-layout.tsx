import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui/spinner';

// Placeholder shell: the collapsible sidebar, bottom bar and mobile menu come with the layouts work.
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen">
      <main className="p-4">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
    </div>
  );
}

export function AppLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
