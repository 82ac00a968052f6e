import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import type { Campaign } from '@rankmaps/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button, buttonClass } from '@/components/ui/button';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatDateTime, formatMediumDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useDeleteCampaign, useSetCampaignRunning } from '../api/campaigns';
import { scheduleText } from '../utils/schedule-text';
import { withCreditEuros } from '@/lib/credit-euros';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 ? err.message : fallback);

const stateTone: Record<Campaign['state'], string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  paused: 'bg-amber-50 text-amber-900 ring-amber-200',
  done: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** One campaign of the list (docs/workspace.md «Campañas»): when it runs, what it holds and costs, its state and last round. */
export function CampaignCard({ campaign: c }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation('campaigns');
  const zone = c.places[0]?.timeZone ?? 'Europe/Madrid';
  const keywords = c.keywordIds.length;
  const last = c.lastRound;
  return (
    <article
      data-testid="campaign-card"
      aria-labelledby={`campaign-${c.id}`}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 id={`campaign-${c.id}`} className="font-semibold break-words text-slate-900">
            {c.name}
          </h3>
          <p data-testid="campaign-schedule" className="text-sm text-slate-700">
            {scheduleText(c, t, i18n.language)}
          </p>
          <p className="text-sm text-slate-600">
            {[
              t('row.places', { count: c.places.length }),
              t('row.keywords', { count: keywords }),
              withCreditEuros(t('row.roundCredits', { count: c.roundCredits }), c.roundCredits, i18n.language),
            ].join(' · ')}
          </p>
          {c.ai && (
            <p data-testid="campaign-ai-credits" className="text-sm text-slate-600">
              {withCreditEuros(t('row.aiCredits', { count: c.roundAiCredits, credits: formatCount(c.roundAiCredits, i18n.language) }), c.roundAiCredits, i18n.language)}
            </p>
          )}
          <p className="text-sm text-slate-600">
            {c.nextRun
              ? t('row.nextRun', { when: `${formatDateTime(c.nextRun, i18n.language, zone)} (${timeZoneInWords(zone, i18n.language)})` })
              : t('row.noNextRun')}
          </p>
          <p className="text-sm text-slate-600">
            {last
              ? t('row.lastRound', {
                  date: formatMediumDate(last.scheduledFor, i18n.language),
                  status: t(`rounds.status.${last.status}`),
                  done: formatCount(last.completed + last.failed, i18n.language),
                  total: formatCount(last.analyses, i18n.language),
                })
              : t('row.noRounds')}
          </p>
        </div>
        <span
          data-testid="campaign-state"
          className={`inline-flex shrink-0 self-start rounded-full px-3 py-1 text-xs font-semibold ring-1 ${stateTone[c.state]}`}
        >
          {t(`row.state.${c.state}`)}
        </span>
      </div>
      {c.state === 'paused' && c.pausedReason && (
        <p
          data-testid="campaign-paused-reason"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {c.pausedReason}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {c.kind === 'custom' ? <CustomActions campaign={c} /> : <PlaceActions campaign={c} />}
      </div>
    </article>
  );
}

function PlaceActions({ campaign: c }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const place = c.places[0];
  return (
    <>
      {place && (
        <Link
          to={paths.place.getHref(place.id)}
          className={`${buttonClass('secondary')} py-2!`}
          aria-label={t('row.openPlaceLabel', { name: c.name })}
        >
          {t('row.openPlace')}
        </Link>
      )}
      <Link
        to={paths.campaign.getHref(c.id)}
        className={`${buttonClass('secondary')} py-2!`}
        aria-label={t('row.historyLabel', { name: c.name })}
      >
        {t('row.history')}
      </Link>
    </>
  );
}

function CustomActions({ campaign: c }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const { confirm } = useAlerts();
  const toast = useToast();
  const running = useSetCampaignRunning();
  const remove = useDeleteCampaign();

  const onToggle = async () => {
    const resume = c.state === 'paused';
    try {
      await running.mutateAsync({ id: c.id, running: resume });
      toast({ type: 'success', message: t(resume ? 'row.resumed' : 'row.paused', { name: c.name }) });
    } catch (err) {
      toast({ type: 'error', message: messageOf(err, t('row.toggleError')) });
    }
  };

  const onDelete = async () => {
    const ok = await confirm({
      title: t('delete.title'),
      message: t('delete.message', { name: c.name }),
      confirmLabel: t('delete.confirm'),
      cancelLabel: t('delete.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      const res = await remove.mutateAsync(c.id);
      toast({ type: 'success', message: res.message });
    } catch (err) {
      toast({ type: 'error', message: messageOf(err, t('delete.error')) });
    }
  };

  return (
    <>
      <Link
        to={paths.campaign.getHref(c.id)}
        className={`${buttonClass('secondary')} py-2!`}
        aria-label={t('row.editLabel', { name: c.name })}
      >
        {t('row.edit')}
      </Link>
      {c.state !== 'done' && (
        <Button
          variant="secondary"
          className="py-2!"
          loading={running.isPending}
          aria-label={t(c.state === 'paused' ? 'row.resumeLabel' : 'row.pauseLabel', { name: c.name })}
          onClick={() => void onToggle()}
        >
          {t(c.state === 'paused' ? 'row.resume' : 'row.pause')}
        </Button>
      )}
      <Button
        variant="danger"
        className="py-2!"
        loading={remove.isPending}
        aria-label={t('row.deleteLabel', { name: c.name })}
        onClick={() => void onDelete()}
      >
        {t('row.delete')}
      </Button>
    </>
  );
}
