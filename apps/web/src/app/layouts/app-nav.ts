import type { WorkspaceAction } from '@rankmaps/shared/permissions';
import type { AppIconName } from './app-icons';
import { paths } from '@/lib/paths';

export interface AppNavItem {
  to: string;
  /** Key under `app.` in the common namespace. */
  label: 'home' | 'panel' | 'rankmap' | 'portfolio' | 'clients' | 'campaigns' | 'statistics' | 'reviews' | 'support' | 'profile' | 'team' | 'activity';
  icon: AppIconName;
  /** The action the workspace role needs for the item to show (docs/decisions.md §30.7); none: everyone. */
  needs?: WorkspaceAction;
}

/** Whether the active role may do an action: `useCan`'s answer, passed in so this file stays plain data. */
export type Allowed = (action: WorkspaceAction) => boolean;

const home: AppNavItem = { to: paths.root.getHref(), label: 'home', icon: 'home' };
const rankmap: AppNavItem = { to: paths.rankmap.getHref(), label: 'rankmap', icon: 'map', needs: 'data.read' };
const portfolio: AppNavItem = { to: paths.portfolio.getHref(), label: 'portfolio', icon: 'briefcase', needs: 'data.read' };
const clients: AppNavItem = { to: paths.clients.getHref(), label: 'clients', icon: 'clients', needs: 'clients.manage' };
const campaigns: AppNavItem = { to: paths.campaigns.getHref(), label: 'campaigns', icon: 'calendar', needs: 'data.write' };
const statistics: AppNavItem = { to: paths.statistics.getHref(), label: 'statistics', icon: 'chart', needs: 'integrations.manage' };
const reviews: AppNavItem = { to: paths.reviews.getHref(), label: 'reviews', icon: 'star', needs: 'data.read' };
const team: AppNavItem = { to: paths.team.getHref(), label: 'team', icon: 'team', needs: 'members.manage' };
const activity: AppNavItem = { to: paths.activity.getHref(), label: 'activity', icon: 'activity', needs: 'activity.read' };
const support: AppNavItem = { to: paths.support.getHref(), label: 'support', icon: 'support' };
const profile: AppNavItem = { to: paths.profile.getHref(), label: 'profile', icon: 'user' };

/** The items the role may use; the rest are not offered at all (the server refuses them too). */
export function allowedItems(items: readonly AppNavItem[], allowed: Allowed): AppNavItem[] {
  return items.filter((item) => item.needs === undefined || allowed(item.needs));
}

// The three navigations of docs/product.md §2: desktop sidebar, mobile bottom bar, mobile menu.
// Agency plans (`agency`: a pro plan) add «Clientes», and their bottom bar holds «Cartera» and
// «Campañas» in place of «Estadísticas» and «Reseñas», both in their sidebar and menu
// (docs/workspace.md «Navigation»). «Equipo» and «Actividad» follow for owners and admins (docs/decisions.md §30.7).
export function sidebarItems(agency: boolean, allowed: Allowed): AppNavItem[] {
  return allowedItems([home, rankmap, portfolio, ...(agency ? [clients] : []), campaigns, statistics, reviews, team, activity, support, profile], allowed);
}
export function bottomBarItems(agency: boolean, allowed: Allowed): AppNavItem[] {
  return allowedItems(agency ? [home, rankmap, portfolio, campaigns, profile] : [home, rankmap, statistics, reviews, profile], allowed);
}
export function mobileMenuItems(agency: boolean, allowed: Allowed): AppNavItem[] {
  return allowedItems(
    [{ ...home, label: 'panel' } satisfies AppNavItem, rankmap, portfolio, ...(agency ? [clients] : []), campaigns, statistics, reviews, team, activity, support, profile],
    allowed,
  );
}

/** Whether a nav item is the current section; the place screens belong to RankMap. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === paths.root.getHref()) return pathname === paths.root.getHref();
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  return to === paths.rankmap.getHref() && (pathname === paths.newPlace.getHref() || pathname.startsWith(paths.editMatrix.getHref('')));
}
