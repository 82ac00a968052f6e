import { useTranslation } from 'react-i18next';
import type { ConnectedApp } from '@rankmaps/shared/schemas/oauth';
import { ROLE_LABELS } from '@rankmaps/shared/permissions';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { formatMediumDate } from '@/lib/format';
import { useConnectedApps, useRevokeConnectedApp } from '../api/oauth';

/**
 * The profile's «Aplicaciones conectadas» (docs/decisions.md §33.4): the assistants the person
 * connected with OAuth, each with its workspace, date and last use, and «Revocar» behind a
 * confirmation; revoking ends its tokens at once.
 */
export function ConnectedApps() {
  const { t } = useTranslation('oauth');
  const query = useConnectedApps();
  return (
    <section className="space-y-4" aria-labelledby="connected-apps-title">
      <div className="space-y-1">
        <h2 id="connected-apps-title" className="text-lg font-semibold text-slate-900">
          {t('apps.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('apps.intro', { url: `${window.location.origin}/mcp` })}</p>
      </div>
      <QueryState query={query} error={t('apps.loadError')} loading={t('apps.loading')} isEmpty={(d) => d.apps.length === 0} empty={<p className="text-sm text-slate-600">{t('apps.empty')}</p>}>
        {({ apps }) => (
          <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200" aria-label={t('apps.listLabel')}>
            {apps.map((app) => (
              <AppRow key={app.id} app={app} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function AppRow({ app }: { app: ConnectedApp }) {
  const { t, i18n } = useTranslation('oauth');
  const act = useToastedAction();
  const revoke = useRevokeConnectedApp();
  const onRevoke = () =>
    act({
      confirm: { title: t('apps.revoke.title'), message: t('apps.revoke.message', { name: app.clientName }), confirmLabel: t('apps.revoke.confirm'), cancelLabel: t('apps.revoke.cancel'), destructive: true },
      run: () => revoke.mutateAsync(app.id),
      done: t('apps.revoke.done', { name: app.clientName }),
      failed: t('apps.revoke.error'),
    });
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="connected-app-row">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-slate-900">{app.clientName}</p>
        <p className="text-sm break-all text-slate-700">{app.redirectHost}</p>
        <p className="text-xs text-slate-600">
          {app.workspaceName} · {ROLE_LABELS[app.role]} · {t('apps.granted', { date: formatMediumDate(app.grantedAt, i18n.language) })} ·{' '}
          {app.lastUsedAt ? t('apps.lastUsed', { date: formatMediumDate(app.lastUsedAt, i18n.language) }) : t('apps.neverUsed')}
        </p>
      </div>
      <Button variant="secondary" onClick={() => void onRevoke()} loading={revoke.isPending} className="shrink-0" aria-label={t('apps.revoke.label', { name: app.clientName })}>
        {t('apps.revoke.button')}
      </Button>
    </li>
  );
}
