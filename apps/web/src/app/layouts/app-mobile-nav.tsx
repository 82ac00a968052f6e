import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogOutIcon } from 'lucide-react';
import { useSession } from '@/lib/auth/session';
import { ChatButton } from '@/features/chat/components/chat-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useWorkspace } from '@/lib/workspace/use-workspace';
import { roleCan } from '@/lib/workspace/active-workspace';
import { WorkspaceSwitcher } from '@/features/team/components/workspace-switcher';
import { bottomBarItems, isNavActive, mobileMenuItems } from './app-nav';
import { AppIcon as Icon } from './app-icons';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { useMenu } from '@/lib/use-menu';
import { UserBadge } from './user-badge';
import { MenuToggleButton } from '@/components/ui/menu-toggle-button';

/** Below 768px: a top bar with the menu, and a bottom bar with the five main sections. */
export function AppMobileNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { profile, logout } = useSession();
  const menu = useMenu();
  const agency = profile?.planLimits.type === 'pro';
  const { role } = useWorkspace();
  const allowed = (action: Parameters<typeof roleCan>[1]) => roleCan(role, action);
  const bottomItems = bottomBarItems(agency, allowed);
  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur md:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Logo />
          <div className="flex items-center gap-2">
          <ChatButton placement="topbar" />
          <NotificationBell placement="topbar" id="notifications-panel-mobile" />
          <MenuToggleButton menu={menu} controls="app-mobile-menu" />
          </div>
        </div>
        <div
          id="app-mobile-menu"
          ref={menu.panelRef}
          hidden={!menu.open}
          className="max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-slate-100 bg-white px-4 pt-4 pb-5 shadow-lg"
        >
          <div className="rounded-xl bg-slate-50 p-3">
            <UserBadge profile={profile} fallbackName={t('app.account')} />
          </div>
          <WorkspaceSwitcher id="workspace-switcher-mobile" className="mt-3" />
          <nav aria-label={t('nav.mobileMenu')} className="mt-3">
            <ul className="space-y-1">
              {mobileMenuItems(agency, allowed).map((item) => {
                const active = isNavActive(item.to, pathname);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      onClick={() => menu.close()}
                      aria-current={active ? 'page' : undefined}
                      className={`flex items-center gap-3 rounded-xl px-3 py-3 text-base font-medium ${active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`}
                    >
                      <Icon name={item.icon} className={`h-5 w-5 ${active ? 'text-brand-600' : 'text-slate-400'}`} />
                      {t(`app.${item.label}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <button
            type="button"
            onClick={logout}
            className="mt-3 flex w-full items-center gap-3 rounded-xl border-t border-slate-100 px-3 py-3 text-base font-medium text-red-700 hover:bg-red-50"
          >
            <LogOutIcon className="h-5 w-5 shrink-0" />
            {t('app.logout')}
          </button>
          <div className="mt-3 border-t border-slate-100 px-3 pt-4">
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <nav
        aria-label={t('app.bottomBar')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        {/* Five sections, or fewer for a role that may not use some (docs/decisions.md §30.7). */}
        <ul className="grid" style={{ gridTemplateColumns: `repeat(${bottomItems.length}, minmax(0, 1fr))` }}>
          {bottomItems.map((item) => {
            const active = isNavActive(item.to, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`flex flex-col items-center gap-1 px-1 py-2 text-[11px] font-medium ${active ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800'}`}
                >
                  <span className={`inline-flex h-7 w-12 items-center justify-center rounded-full ${active ? 'bg-brand-50' : ''}`}>
                    <Icon name={item.icon} className="h-5 w-5" />
                  </span>
                  <span className="max-w-full truncate">{t(`app.${item.label}`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
