import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AlertsProvider } from '@/components/ui/alerts/alerts-provider';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { PageLoader } from '@/components/ui/spinner';
import { ToastProvider } from '@/components/ui/toasts/toast-provider';
import { SessionProvider } from '@/lib/auth/session';

/** Scrolls to the top on every route change (docs/product.md §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  // A new boundary per path: navigating away from a failed page recovers.
  const { pathname } = useLocation();
  return (
    <SessionProvider>
      <AlertsProvider>
        <ToastProvider>
          <ScrollToTop />
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </ToastProvider>
      </AlertsProvider>
    </SessionProvider>
  );
}
