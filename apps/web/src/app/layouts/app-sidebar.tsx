import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, LogOutIcon } from 'lucide-react';
import { useSession } from '@/lib/auth/session';
import { ChatButton } from '@/features/chat/components/chat-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useWorkspace } from '@/lib/workspace/use-workspace';
import { roleCan } from '@/lib/workspace/active-workspace';
import { WorkspaceSwitcher } from '@/features/team/components/workspace-switcher';
import { isNavActive, sidebarItems } from './app-nav';
import { AppIcon as Icon } from './app-icons';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { UserBadge } from './user-badge';

/** Tooltip shown beside an icon when the sidebar is collapsed (and still read as the label). */
function CollapsedLabel({ children }: { children: string }) {
  return (
    <span className="pointer-events-none absolute left-full z-50 ml-3 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
      {children}
    </span>
  );
}

/** The desktop sidebar (768px and up): w-72 open, w-20 collapsed. */
export function AppSidebar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { profile, logout } = useSession();
  const { role } = useWorkspace();
  return (
    <aside
      aria-label={t('app.sidebarRegion')}
      className={`fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 md:flex ${collapsed ? 'w-20' : 'w-72'}`}
    >
      <div className={`flex h-16 items-center border-b border-slate-100 ${collapsed ? 'justify-center px-2' : 'justify-between px-5'}`}>
        <Logo compact={collapsed} />
        {!collapsed && (
          <div className="flex items-center gap-2">
            <ChatButton placement="sidebar" />
            <NotificationBell placement="sidebar" id="notifications-panel" />
          </div>
        )}
      </div>
      {collapsed && (
        <div className="flex flex-col items-center gap-2 border-b border-slate-100 py-3">
          <ChatButton placement="sidebar" />
          <NotificationBell placement="sidebar" id="notifications-panel" />
        </div>
      )}
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-controls="app-sidebar-nav"
        aria-label={collapsed ? t('app.expand') : t('app.collapse')}
        title={collapsed ? t('app.expand') : t('app.collapse')}
        className="absolute top-12 -right-3.5 z-40 inline-flex h-7 w-7 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-brand-700"
      >
        {collapsed ? <ChevronRightIcon className="h-4 w-4 shrink-0" /> : <ChevronLeftIcon className="h-4 w-4 shrink-0" />}
      </button>
      {!collapsed && <WorkspaceSwitcher id="workspace-switcher" className="border-b border-slate-100 px-3 py-3" />}
      <nav id="app-sidebar-nav" aria-label={t('app.sidebar')} className={`flex-1 px-3 py-6 ${collapsed ? '' : 'overflow-y-auto'}`}>
        <ul className="space-y-1">
          {sidebarItems(profile?.planLimits.type === 'pro', (action) => roleCan(role, action)).map((item) => {
            const active = isNavActive(item.to, pathname);
            const label = t(`app.${item.label}`);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`group relative flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${collapsed ? 'justify-center' : ''} ${
                    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'
                  }`}
                >
                  {active && <span aria-hidden="true" className="absolute inset-y-2 left-0 w-1 rounded-r-full bg-brand-600" />}
                  <Icon name={item.icon} className={`h-5 w-5 ${active ? 'text-brand-600' : 'text-slate-400 group-hover:text-slate-600'}`} />
                  {collapsed ? <CollapsedLabel>{label}</CollapsedLabel> : <span>{label}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-100 p-3">
        <div className={collapsed ? 'px-0 py-2' : 'rounded-xl bg-slate-50 p-3'}>
          <UserBadge profile={profile} fallbackName={t('app.account')} compact={collapsed} />
          {!collapsed && (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <LanguageSwitch />
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={logout}
          className={`group relative mt-2 flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700 ${collapsed ? 'justify-center' : ''}`}
        >
          <LogOutIcon className="h-5 w-5 shrink-0" />
          {collapsed ? <CollapsedLabel>{t('app.logout')}</CollapsedLabel> : <span>{t('app.logout')}</span>}
        </button>
      </div>
    </aside>
  );
}
