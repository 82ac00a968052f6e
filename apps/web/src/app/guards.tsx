import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/spinner';
import { useWorkspace } from '@/lib/workspace/use-workspace';
import { type ActiveWorkspace, roleCan } from '@/lib/workspace/active-workspace';
import type { WorkspaceAction } from '@rankmaps/shared/permissions';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { hasPaidPlan, useSession } from '../lib/auth/session';
import { paths } from '../lib/paths';

interface GuardProps {
  /** The guarded screen; without it the guard is a layout route and renders its child route. */
  children?: ReactNode;
  /** Require a paid plan (docs/product.md §2); false for screens a user reaches right after paying. */
  requirePlan?: boolean;
}

/**
 * Whether the plans page is where this person belongs: only in a workspace of their own. In
 * one they joined the owner pays, and the profile's plan is their own, not the workspace's
 * (docs/decisions.md §30.7).
 */
function lacksPlan(profile: Profile | null, workspace: ActiveWorkspace): boolean {
  return roleCan(workspace.role, 'workspace.own') && !hasPaidPlan(profile);
}

/** The guard rules of docs/product.md §2, in order: loading, signed in, confirmed e-mail, paid plan. */
export function RequireAuth({ children, requirePlan = true }: GuardProps) {
  const { isAuthenticated, loading, profile } = useSession();
  const workspace = useWorkspace();
  const location = useLocation();
  const original = `${location.pathname}${location.search}`;
  if (loading || (isAuthenticated && workspace.loading)) return <PageLoader />;
  if (!isAuthenticated || !profile) return <Navigate to={paths.signin.getHref(original)} replace />;
  if (!profile.mail_confirmed) return <Navigate to={paths.emailVerification.getHref({ redirect: original })} replace />;
  if (requirePlan && lacksPlan(profile, workspace)) return <Navigate to={paths.subscription.getHref()} replace />;
  return <>{children ?? <Outlet />}</>;
}

/**
 * The last rule of docs/product.md §2 on its own, for screens already inside `RequireAuth`
 * with `requirePlan={false}`: without a paid plan the user goes to the plans.
 */
export function RequirePlan({ children }: Pick<GuardProps, 'children'>) {
  const { profile } = useSession();
  const workspace = useWorkspace();
  if (lacksPlan(profile, workspace)) return <Navigate to={paths.subscription.getHref()} replace />;
  return <>{children ?? <Outlet />}</>;
}

/** Root "/": the landing page for visitors, the dashboard for paying users. */
export function HomeSwitch({ landing, dashboard }: { landing: ReactNode; dashboard: ReactNode }) {
  const { isAuthenticated, loading } = useSession();
  if (loading) return <PageLoader />;
  if (!isAuthenticated) return <>{landing}</>;
  return <RequireAuth>{dashboard}</RequireAuth>;
}

/**
 * A screen only some roles use (docs/decisions.md §30.7): the others go to the start page, as
 * the menu does not offer it to them and the server would refuse its data.
 */
export function RequireCan({ action, children }: { action: WorkspaceAction; children?: ReactNode }) {
  const workspace = useWorkspace();
  if (!roleCan(workspace.role, action)) return <Navigate to={paths.root.getHref()} replace />;
  return <>{children ?? <Outlet />}</>;
}
