import { useTranslation } from 'react-i18next';
import { isUsable, useGbpStatus } from '../api/get-connection-status';
import { DemoBadge } from './demo-badge';

/** The dashboard tile's figure (docs/product.md §2): Conectado / No conectado, or a placeholder while it loads. */
export function GbpTileValue() {
  const { t } = useTranslation('gbp');
  const status = useGbpStatus();
  if (status.isPending)
    return (
      <span role="status" className="block">
        <span aria-hidden="true" className="block h-8 w-36 animate-pulse rounded-lg bg-slate-100" />
        <span className="sr-only">{t('tile.loading')}</span>
      </span>
    );
  // The line under it says why.
  if (status.isError) return <span>{t('tile.unknown')}</span>;
  return <span data-testid="gbp-tile-status">{isUsable(status.data) ? t('tile.connected') : t('tile.disconnected')}</span>;
}

const dots = { ok: 'bg-emerald-500', warn: 'bg-amber-500', off: 'bg-slate-300', error: 'bg-red-500' };

/** The line under it: the account, an expired connection, or why nothing is known. */
export function GbpTileDetail() {
  const { t } = useTranslation('gbp');
  const status = useGbpStatus();
  if (status.isPending) return null;
  let dot: keyof typeof dots;
  let text: string;
  if (status.isError) {
    dot = 'error';
    text = t('tile.hint.error');
  } else if (!status.data.connected) {
    dot = 'off';
    text = t('tile.hint.disconnected');
  } else if (status.data.expired) {
    dot = 'warn';
    text = t('tile.hint.expired');
  } else {
    dot = 'ok';
    text = status.data.accountEmail ? t('tile.hint.account', { email: status.data.accountEmail }) : t('tile.hint.connected');
  }
  const demo = status.data?.connected && status.data.provider === 'demo';
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1.5">
      <span className="inline-flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
        <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${dots[dot]}`} />
        <span className="break-all">{text}</span>
      </span>
      {demo && <DemoBadge />}
    </span>
  );
}
