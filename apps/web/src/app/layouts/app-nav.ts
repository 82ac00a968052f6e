import type { AppIconName } from './app-icons';
import { paths } from '@/lib/paths';

export interface AppNavItem {
  to: string;
  /** Key under `app.` in the common namespace. */
  label: 'home' | 'panel' | 'rankmap' | 'portfolio' | 'clients' | 'campaigns' | 'statistics' | 'reviews' | 'support' | 'profile';
  icon: AppIconName;
}

const home: AppNavItem = { to: paths.root.getHref(), label: 'home', icon: 'home' };
const rankmap: AppNavItem = { to: paths.rankmap.getHref(), label: 'rankmap', icon: 'map' };
const portfolio: AppNavItem = { to: paths.portfolio.getHref(), label: 'portfolio', icon: 'briefcase' };
const clients: AppNavItem = { to: paths.clients.getHref(), label: 'clients', icon: 'clients' };
const campaigns: AppNavItem = { to: paths.campaigns.getHref(), label: 'campaigns', icon: 'calendar' };
const statistics: AppNavItem = { to: paths.statistics.getHref(), label: 'statistics', icon: 'chart' };
const reviews: AppNavItem = { to: paths.reviews.getHref(), label: 'reviews', icon: 'star' };
const support: AppNavItem = { to: paths.support.getHref(), label: 'support', icon: 'support' };
const profile: AppNavItem = { to: paths.profile.getHref(), label: 'profile', icon: 'user' };

// The three navigations of docs/product.md §2: desktop sidebar, mobile bottom bar, mobile menu.
// Agency plans (`agency`: a pro plan) add «Clientes», and their bottom bar holds «Cartera» and
// «Campañas» in place of «Estadísticas» and «Reseñas», which stays out while it is «Próximamente»
// (docs/workspace.md «Navigation»).
export function sidebarItems(agency: boolean): AppNavItem[] {
  return [home, rankmap, portfolio, ...(agency ? [clients] : []), campaigns, statistics, reviews, support, profile];
}
export function bottomBarItems(agency: boolean): AppNavItem[] {
  return agency ? [home, rankmap, portfolio, campaigns, profile] : [home, rankmap, statistics, reviews, profile];
}
export function mobileMenuItems(agency: boolean): AppNavItem[] {
  return [{ ...home, label: 'panel' } satisfies AppNavItem, rankmap, portfolio, ...(agency ? [clients] : []), campaigns, statistics, reviews, support, profile];
}

/** Whether a nav item is the current section; the place screens belong to RankMap. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === paths.root.getHref()) return pathname === paths.root.getHref();
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  return to === paths.rankmap.getHref() && (pathname === paths.newPlace.getHref() || pathname.startsWith(paths.editMatrix.getHref('')));
}
