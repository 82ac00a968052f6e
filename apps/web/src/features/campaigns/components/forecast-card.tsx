import type { CampaignForecast, ForecastLine } from '@rankmaps/shared/schemas/campaigns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { formatCount, formatLongDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCampaignForecast } from '../api/campaigns';
import { creditsEurosNote, withCreditEuros } from '@/lib/credit-euros';

/** Lines shown before «Ver todas». */
const TOP = 3;

/**
 * «Previsión de créditos (30 días)» (docs/workspace.md «Campañas», docs/decisions.md §25.4): the
 * scheduled work's credits against the balance and the next monthly grant, with a warning where
 * the balance runs out. On the dashboard (`showManageLink`) and at the top of /campanas.
 */
export function ForecastCard({ showManageLink = false }: { showManageLink?: boolean }) {
  const { t } = useTranslation('campaigns');
  const forecast = useCampaignForecast();
  return (
    <section
      aria-labelledby="campaign-forecast-title"
      data-testid="campaign-forecast"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="campaign-forecast-title" className="text-base font-semibold text-slate-900">
          {t('forecast.title')}
        </h2>
        {showManageLink && (
          <Link to={paths.campaigns.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
            {t('forecast.manage')}
          </Link>
        )}
      </div>
      <QueryState query={forecast} loading={t('forecast.loading')} error={t('forecast.error')} className="mt-3">
        {(data) => (data.billing !== 'credits' ? <p className="mt-3 text-sm text-slate-600">{t('forecast.planNote')}</p> : <ForecastBody forecast={data} />)}
      </QueryState>
    </section>
  );
}

function ForecastBody({ forecast }: { forecast: CampaignForecast }) {
  const { t, i18n } = useTranslation('campaigns');
  // Every quote of credits here carries its euro value (docs/decisions.md §29.5).
  const credits = (n: number) => withCreditEuros(t('forecast.credits', { count: n, n: formatCount(n, i18n.language) }), n, i18n.language);
  const short = forecast.runsOutAt !== null || forecast.shortfall > 0;
  return (
    <div className="mt-3 space-y-4">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{t('forecast.needed')}</dt>
          <dd data-testid="forecast-needed" className="text-lg font-bold text-slate-900 tabular-nums">
            {credits(forecast.needed)}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <dt className="text-xs font-medium text-slate-600">{t('forecast.available')}</dt>
          <dd data-testid="forecast-available" className="text-lg font-bold text-slate-900 tabular-nums">
            {credits(forecast.available)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        {forecast.nextGrant
          ? t('forecast.grant', {
              credits: credits(forecast.nextGrant.credits),
              date: formatLongDate(forecast.nextGrant.at, i18n.language),
            })
          : t('forecast.noGrant')}
      </p>
      {forecast.needed === 0 ? (
        <p className="text-sm text-slate-600">{t('forecast.nothing')}</p>
      ) : short ? (
        <div
          data-testid="forecast-warning"
          className={`rounded-xl p-3 text-sm ring-1 ${forecast.available === 0 || (forecast.runsOutAt && new Date(forecast.runsOutAt).getTime() - Date.now() < 7 * 86_400_000) ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
        >
          {forecast.runsOutAt && (
            <p className="font-semibold">{t('forecast.runsOut', { date: formatLongDate(forecast.runsOutAt, i18n.language) })}</p>
          )}
          {forecast.shortfall > 0 && (
            <p>{t('forecast.shortfall', { count: forecast.shortfall, n: formatCount(forecast.shortfall, i18n.language), euros: creditsEurosNote(forecast.shortfall, i18n.language) })}</p>
          )}
          <Link to={paths.buyCredits.getHref()} className="mt-1 inline-block font-semibold underline">
            {t('forecast.buy')}
          </Link>
        </div>
      ) : (
        <p data-testid="forecast-enough" className="text-sm font-medium text-emerald-800">
          {t('forecast.enough')}
        </p>
      )}
      {forecast.needed > 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          <ForecastLines title={t('forecast.byCampaign')} lines={forecast.byCampaign} credits={credits} />
          <ForecastLines title={t('forecast.byPlace')} lines={forecast.byPlace} credits={credits} />
        </div>
      )}
    </div>
  );
}

/** The top lines by credits, and the rest behind «Ver todas». */
function ForecastLines({ title, lines, credits }: { title: string; lines: ForecastLine[]; credits: (n: number) => string }) {
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const sorted = [...lines].sort((a, b) => b.credits - a.credits);
  const shown = open ? sorted : sorted.slice(0, TOP);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="mt-1 divide-y divide-slate-100 text-sm">
        {shown.map((l) => (
          <li key={l.id} className="flex items-baseline justify-between gap-3 py-1.5">
            <span className="min-w-0 break-words text-slate-700">{l.name}</span>
            <span className="text-right text-slate-900 tabular-nums">
              {t('forecast.line', { count: l.runs, credits: credits(l.credits) })}
            </span>
          </li>
        ))}
      </ul>
      {sorted.length > TOP && (
        <button
          type="button"
          aria-expanded={open}
          className="mt-1 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('forecast.less') : t('forecast.more', { count: sorted.length })}
        </button>
      )}
    </div>
  );
}
