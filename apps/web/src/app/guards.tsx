import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/spinner';
import { hasPaidPlan, useSession } from '../lib/auth/session';

interface GuardProps {
  children: ReactNode;
  /** Require a paid plan (docs/product.md §2); false for screens a user reaches right after paying. */
  requirePlan?: boolean;
}

/** The guard rules of docs/product.md §2, in order: loading, signed in, confirmed e-mail, paid plan. */
export function RequireAuth({ children, requirePlan = true }: GuardProps) {
  const { isAuthenticated, loading, profile } = useSession();
  const location = useLocation();
  const original = `${location.pathname}${location.search}`;
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !profile) return <Navigate to={`/signin?redirect=${encodeURIComponent(original)}`} replace />;
  if (!profile.mail_confirmed) return <Navigate to={`/email-verification?redirect=${encodeURIComponent(original)}`} replace />;
  if (requirePlan && !hasPaidPlan(profile)) return <Navigate to="/subscription" replace />;
  return <>{children}</>;
}

/** Root "/": the landing page for visitors, the dashboard for paying users. */
export function HomeSwitch({ landing, dashboard }: { landing: ReactNode; dashboard: ReactNode }) {
  const { isAuthenticated, loading } = useSession();
  if (loading) return <PageLoader />;
  if (!isAuthenticated) return <>{landing}</>;
  return <RequireAuth>{dashboard}</RequireAuth>;
}
