import type { AppIconName } from './app-icons';

export interface AppNavItem {
  to: string;
  /** Key under `app.` in the common namespace. */
  label: 'home' | 'panel' | 'rankmap' | 'statistics' | 'reviews' | 'support' | 'profile';
  icon: AppIconName;
}

const home: AppNavItem = { to: '/', label: 'home', icon: 'home' };
const rankmap: AppNavItem = { to: '/rankmap', label: 'rankmap', icon: 'map' };
const statistics: AppNavItem = { to: '/estadisticas', label: 'statistics', icon: 'chart' };
const reviews: AppNavItem = { to: '/reviews', label: 'reviews', icon: 'star' };
const support: AppNavItem = { to: '/support', label: 'support', icon: 'support' };
const profile: AppNavItem = { to: '/profile', label: 'profile', icon: 'user' };

// The three navigations of docs/product.md §2: desktop sidebar, mobile bottom bar, mobile menu.
export const sidebarItems = [home, rankmap, statistics, reviews, support, profile];
export const bottomBarItems = [home, rankmap, statistics, reviews, profile];
export const mobileMenuItems = [{ ...home, label: 'panel' } satisfies AppNavItem, rankmap, statistics, reviews, support, profile];

/** Whether a nav item is the current section; the place screens belong to RankMap. */
export function isNavActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  if (pathname === to || pathname.startsWith(`${to}/`)) return true;
  return to === '/rankmap' && (pathname === '/new-place' || pathname.startsWith('/edit-matrix/'));
}
