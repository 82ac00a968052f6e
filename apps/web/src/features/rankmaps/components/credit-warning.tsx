import { useCan } from '@/lib/workspace/use-workspace';
import type { CreditForecastResponse, CreditForecastRound } from '@rankmaps/shared/schemas/credit-forecast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { paths } from '@/lib/paths';
import { roundsAtRisk } from '../utils/credit-forecast';
import { withCreditEuros } from '@/lib/credit-euros';

/** A custom campaign's round is named as that campaign's, never as the place's weekly scan (docs/decisions.md §25.5); it runs whole or not at all. */
function roundText(r: CreditForecastRound): string {
  if (r.kind === 'scheduled') return 'creditWarning.scheduled';
  if (r.kind === 'campaign') return 'creditWarning.campaign';
  return r.skippedAnalyses < r.analyses ? 'creditWarning.weeklyPartial' : 'creditWarning.weekly';
}

/**
 * The credit shortfall banner (docs/decisions.md §23.4): on the dashboard for every place, on a
 * business page for that place. Nothing when the credits pay the next 7 days' work.
 */
export function CreditWarningBanner({ forecast, placeId }: { forecast: CreditForecastResponse | undefined; placeId?: string }) {
  // Credits are billing: a role without 'billing.read' is not told about them (docs/decisions.md §30.7).
  const canSeeBilling = useCan('billing.read');
  const { t, i18n } = useTranslation('rankmaps');
  const rounds = roundsAtRisk(forecast, placeId);
  if (!forecast || rounds.length === 0 || !canSeeBilling) return null;
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return (
    <div data-testid="credit-warning">
      <AlertBanner tone="warning" title={t('creditWarning.title')}>
        <p>{t('creditWarning.summary', { count: forecast.needed, needed: forecast.needed, available: forecast.available, shortfall: withCreditEuros(String(forecast.shortfall), forecast.shortfall, i18n.language) })}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {rounds.map((r) => (
            <li key={`${r.placeId}-${r.at}-${r.kind}`}>
              {t(roundText(r), {
                place: r.placeName,
                campaign: r.campaignName ?? '',
                when: when(r.at),
                count: r.credits,
                credits: r.credits,
                skipped: r.skippedAnalyses,
                analyses: r.analyses,
              })}
            </li>
          ))}
        </ul>
        <Link to={paths.buyCredits.getHref()} className="mt-3 inline-block font-semibold underline">
          {t('creditWarning.buy')}
        </Link>
      </AlertBanner>
    </div>
  );
}
