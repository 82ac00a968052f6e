import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/spinner';
import { hasPaidPlan, useSession } from '../lib/auth/session';
import { paths } from '../lib/paths';

interface GuardProps {
  /** The guarded screen; without it the guard is a layout route and renders its child route. */
  children?: ReactNode;
  /** Require a paid plan (docs/product.md §2); false for screens a user reaches right after paying. */
  requirePlan?: boolean;
}

/** The guard rules of docs/product.md §2, in order: loading, signed in, confirmed e-mail, paid plan. */
export function RequireAuth({ children, requirePlan = true }: GuardProps) {
  const { isAuthenticated, loading, profile } = useSession();
  const location = useLocation();
  const original = `${location.pathname}${location.search}`;
  if (loading) return <PageLoader />;
  if (!isAuthenticated || !profile) return <Navigate to={paths.signin.getHref(original)} replace />;
  if (!profile.mail_confirmed) return <Navigate to={paths.emailVerification.getHref({ redirect: original })} replace />;
  if (requirePlan && !hasPaidPlan(profile)) return <Navigate to={paths.subscription.getHref()} replace />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * The last rule of docs/product.md §2 on its own, for screens already inside `RequireAuth`
 * with `requirePlan={false}`: without a paid plan the user goes to the plans.
 */
export function RequirePlan({ children }: Pick<GuardProps, 'children'>) {
  const { profile } = useSession();
  if (!hasPaidPlan(profile)) return <Navigate to={paths.subscription.getHref()} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Root "/": the landing page for visitors, the dashboard for paying users. */
export function HomeSwitch({ landing, dashboard }: { landing: ReactNode; dashboard: ReactNode }) {
  const { isAuthenticated, loading } = useSession();
  if (loading) return <PageLoader />;
  if (!isAuthenticated) return <>{landing}</>;
  return <RequireAuth>{dashboard}</RequireAuth>;
}
