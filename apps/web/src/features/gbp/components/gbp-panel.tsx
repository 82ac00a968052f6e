import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GbpConnectionStatus } from '@rankmaps/shared/schemas/gbp';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { useDisconnectGbp } from '../api/disconnect';
import { useGbpStatus } from '../api/get-connection-status';
import { ConnectButton } from './connect-button';
import { paths } from '@/lib/paths';
import { DemoBadge } from './demo-badge';
import { GoogleIcon } from '@/components/ui/google-icon';

type PanelState = 'disconnected' | 'expired' | 'connected';

const panelState = (s: GbpConnectionStatus): PanelState => (!s.connected ? 'disconnected' : s.expired ? 'expired' : 'connected');

const iconTone: Record<PanelState, string> = {
  disconnected: 'bg-slate-50 text-slate-600 ring-slate-200',
  expired: 'bg-amber-50 text-amber-700 ring-amber-200',
  connected: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};

function Frame({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <section
      aria-labelledby="gbp-title"
      aria-busy={busy || undefined}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="gbp-panel"
    >
      {children}
    </section>
  );
}

/**
 * The dashboard's Google Business Profile panel (docs/product.md §2, docs/product.md §4): connect, or reconnect, with the
 * expired state explained, the connected account, a way to disconnect, and the demo label.
 */
export function GbpPanel() {
  const { t } = useTranslation('gbp');
  const status = useGbpStatus();
  const { confirm } = useAlerts();
  const toast = useToast();
  const disconnect = useDisconnectGbp();

  if (status.isPending || status.isError) {
    // The panel keeps its frame and heading while the connection is checked or could not be.
    const skeleton = (
      <div role="status" aria-label={t('panel.loading')} className="flex animate-pulse items-center gap-3">
        <span className="h-10 w-10 shrink-0 rounded-xl bg-slate-100" />
        <span className="min-w-0 flex-1 space-y-2">
          <span className="block h-4 w-56 max-w-full rounded bg-slate-100" />
          <span className="block h-3 w-80 max-w-full rounded bg-slate-100" />
        </span>
      </div>
    );
    return (
      <Frame busy={status.isPending}>
        <h2 id="gbp-title" className={status.isPending ? 'sr-only' : 'mb-3 font-semibold text-slate-900'}>
          {status.isPending ? t('panel.loading') : t('panel.error.title')}
        </h2>
        <QueryState query={status} loadingView={skeleton} error={t('panel.error.body')}>
          {() => null}
        </QueryState>
      </Frame>
    );
  }

  const s = status.data;
  const state = panelState(s);
  const demo = s.provider === 'demo';

  const onDisconnect = async () => {
    const ok = await confirm({
      title: t('disconnect.title'),
      message: t('disconnect.message'),
      confirmLabel: t('disconnect.confirm'),
      cancelLabel: t('disconnect.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await disconnect.mutateAsync();
      toast({ type: 'success', message: t('disconnect.done') });
    } catch (err) {
      toast({ type: 'error', message: err instanceof ApiError && err.status > 0 ? err.message : t('disconnect.error') });
    }
  };

  return (
    <Frame>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 gap-3">
          <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ring-1 ${iconTone[state]}`}>
            <GoogleIcon />
          </span>
          <div className="min-w-0">
            <h2 id="gbp-title" className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {t(`panel.${state}.title`)}
              {demo && state !== 'disconnected' && <DemoBadge />}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t(`panel.${state}.body`)}</p>
            {state !== 'disconnected' && s.accountEmail && (
              <p className="mt-2 text-sm text-slate-600">
                {t('panel.account')}{' '}
                <span className="font-medium break-all text-slate-900" data-testid="gbp-account">
                  {s.accountEmail}
                </span>
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
          {state === 'connected' && (
            <Link to={paths.statistics.getHref()} className={`${buttonClass('primary')} whitespace-nowrap`}>
              {t('panel.viewStats')}
            </Link>
          )}
          <ConnectButton usable={state === 'connected'} />
          {state !== 'disconnected' && (
            <Button
              variant="ghost"
              loading={disconnect.isPending}
              onClick={() => void onDisconnect()}
              className="whitespace-nowrap text-red-700! hover:bg-red-50!"
            >
              {t('panel.disconnect')}
            </Button>
          )}
        </div>
      </div>
      {demo && state === 'disconnected' && <p className="mt-3 text-xs text-slate-500">{t('demo.note')}</p>}
    </Frame>
  );
}
