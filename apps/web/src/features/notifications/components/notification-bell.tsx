import { BellIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationItem } from '@rankmaps/shared/schemas/notifications';
import { useMenu } from '@/lib/use-menu';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { formatMediumDateTime } from '@/lib/format';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import { badgeText } from '../utils/notification-view';

/**
 * The bell of the signed-in layout (docs/decisions.md §23.2): the unread count, and a panel
 * with the newest notifications, each a link to its analysis or comparison. Opening one marks
 * it read. `placement` puts the panel beside the sidebar (desktop) or under the top bar (phone).
 */
export function NotificationBell({ placement, id }: { placement: 'sidebar' | 'topbar'; id: string }) {
  const { t, i18n } = useTranslation('notifications');
  const menu = useMenu();
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = query.data?.unread ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  const open = (n: NotificationItem) => {
    if (!n.readAt) markRead.mutate(n.id);
    menu.close();
  };

  const panelPosition = placement === 'sidebar' ? 'left-full top-0 ml-2 w-96' : 'fixed inset-x-2 top-14 mt-1';
  return (
    <div className="relative" data-testid={`notification-bell-${placement}`}>
      <button
        ref={menu.triggerRef}
        type="button"
        onClick={menu.toggle}
        aria-expanded={menu.open}
        aria-controls={id}
        aria-label={label}
        title={label}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <BellIcon aria-hidden="true" className="h-5 w-5 shrink-0" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      <div
        id={id}
        ref={menu.panelRef}
        hidden={!menu.open}
        role="region"
        aria-label={t('panel.title')}
        className={`absolute z-50 max-h-[70vh] overflow-y-auto rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200 ${panelPosition}`}
      >
        <div className="mb-2 flex items-center justify-between gap-2 px-1">
          <h2 className="text-sm font-semibold text-slate-900">{t('panel.title')}</h2>
          {unread > 0 && (
            <Button variant="ghost" className="!px-2 !py-1 text-xs" loading={markAll.isPending} onClick={() => markAll.mutate()}>
              {t('panel.markAll')}
            </Button>
          )}
        </div>
        <QueryState
          query={query}
          loading={t('panel.loading')}
          error={t('panel.error')}
          className="p-3"
          isEmpty={(data) => data.notifications.length === 0}
          empty={<p className="p-3 text-sm text-slate-600">{t('panel.empty')}</p>}
        >
          {(data) => (
            <ul className="space-y-1" data-testid="notification-list">
              {data.notifications.map((n) => (
                <li key={n.id}>
                  <Link
                    to={n.link}
                    onClick={() => open(n)}
                    className={`block rounded-lg px-3 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 ${n.readAt ? 'text-slate-600' : 'bg-brand-50/60 text-slate-900'}`}
                  >
                    <span className="flex items-start gap-2">
                      {!n.readAt && <span aria-hidden="true" className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" />}
                      <span className="min-w-0">
                        <span className="block font-semibold">
                          {!n.readAt && <span className="sr-only">{t('panel.unread')} </span>}
                          {n.title}
                        </span>
                        <span className="mt-0.5 block text-slate-600">{n.body}</span>
                        <span className="mt-1 block text-xs text-slate-500">{formatMediumDateTime(n.createdAt, i18n.language)}</span>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <div className="mt-2 border-t border-slate-100 px-1 pt-2 text-right">
          <Link
            to="/profile?tab=notificaciones"
            onClick={() => menu.close()}
            className="text-xs font-semibold text-brand-700 hover:underline"
          >
            {t('panel.settings')}
          </Link>
        </div>
      </div>
    </div>
  );
}
