import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewsSummary } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { RefreshCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDateTime } from '@/lib/format';
import { useCan } from '@/lib/workspace/use-workspace';
import { isGbpNotConnected, isGbpReconnectRequired, reviewKeys, useReviewsSummary, useSyncReviews } from '../api/reviews';
import { ReviewsFigures } from './reviews-figures';
import { ReviewsList } from './reviews-list';
import { TemplatesDialog } from './templates-dialog';

interface GbpReviewsSectionProps {
  placeId: string;
  placeName: string;
  /** The Business Profile connect action, or null for a role that may not connect it. */
  connect: ReactNode;
}

/**
 * «Tus reseñas de Google» (docs/decisions.md §32): the figures, the sync, the list and the
 * replies of a business with its Business Profile connected; without it, the connect action.
 */
export function GbpReviewsSection({ placeId, placeName, connect }: GbpReviewsSectionProps) {
  const { t } = useTranslation('reviews');
  const summary = useReviewsSummary(placeId);
  const canReply = useCan('reviews.reply');
  const [templatesOpen, setTemplatesOpen] = useState(false);
  return (
    <section aria-labelledby="gbp-reviews-title" className="space-y-4" data-testid="gbp-reviews">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="gbp-reviews-title" className="text-lg font-semibold text-slate-900">
          {t('gbp.title')}
        </h2>
        {summary.data?.demo && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">{t('demo')}</span>
        )}
        {canReply && summary.data && (
          <Button variant="secondary" className="ml-auto py-1.5! text-sm" onClick={() => setTemplatesOpen(true)}>
            {t('templates.title')}
          </Button>
        )}
      </div>
      {isGbpNotConnected(summary.error) ? (
        // The 409's own words say the same as the note's line: one is enough.
        <GbpConnectNote connect={connect} />
      ) : (
        <QueryState
          query={summary}
          loading={t('figures.loading')}
          error={apiErrorText(summary.error, t('figures.error'))}
          errorAction={isGbpReconnectRequired(summary.error) && connect ? <div className="mt-3">{connect}</div> : undefined}
        >
          {(data) => (
            <>
              <SyncBar placeId={placeId} summary={data} connect={connect} />
              <ReviewsFigures summary={data} />
              <ReviewsList placeId={placeId} placeName={placeName} canReply={canReply} onManageTemplates={() => setTemplatesOpen(true)} />
            </>
          )}
        </QueryState>
      )}
      {templatesOpen && <TemplatesDialog onClose={() => setTemplatesOpen(false)} />}
    </section>
  );
}

/** «Conecta tu Perfil de Empresa…» with the connect action, or who to ask for a role that may not connect it. */
export function GbpConnectNote({ connect }: { connect: ReactNode }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200" data-testid="gbp-reviews-note">
      <p className="text-sm text-slate-600">{t('gbp.body')}</p>
      {connect ? <div className="mt-4">{connect}</div> : <p className="mt-1 text-sm text-slate-600">{t('gbp.askAdmin')}</p>}
    </div>
  );
}

/** The sync's state and «Sincronizar ahora»; when a sync ends, the list is read again. */
function SyncBar({ placeId, summary, connect }: { placeId: string; summary: ReviewsSummary; connect: ReactNode }) {
  const { t, i18n } = useTranslation('reviews');
  const sync = useSyncReviews(placeId);
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const queryClient = useQueryClient();
  const { state, lastSyncedAt, message } = summary.sync;
  const seen = useRef(lastSyncedAt);
  useEffect(() => {
    if (seen.current === lastSyncedAt) return;
    seen.current = lastSyncedAt;
    void queryClient.invalidateQueries({ queryKey: [...reviewKeys.place(placeId), 'list'] });
  }, [lastSyncedAt, placeId, queryClient]);

  const onSync = async () => {
    try {
      await sync.mutateAsync();
      toast({ type: 'success', message: t('sync.started') });
    } catch (err) {
      if (!showApiAlert(err)) toast({ type: 'error', message: apiErrorText(err, t('sync.failedToStart')) });
    }
  };
  const running = state === 'running';
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
      data-testid="reviews-sync"
    >
      <div className="text-sm" role="status">
        <p className="font-medium text-slate-900">{t(`sync.state.${state}`)}</p>
        <p className="text-slate-600">
          {lastSyncedAt ? t('sync.last', { when: formatMediumDateTime(lastSyncedAt, i18n.language) }) : t('sync.never')}
        </p>
        {message && (state === 'failed' || state === 'needs-reconnect') && <p className="mt-1 text-red-700">{message}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {state === 'needs-reconnect' && connect}
        {/* Any role that reads the reviews may fetch the new ones (the route asks only 'data.read'). */}
        <Button variant="secondary" onClick={() => void onSync()} loading={sync.isPending || running} disabled={sync.isPending || running}>
          {!(sync.isPending || running) && <RefreshCwIcon aria-hidden="true" className="h-4 w-4" />}
          {t('sync.now')}
        </Button>
      </div>
    </div>
  );
}
