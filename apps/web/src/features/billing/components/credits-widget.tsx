import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CREDIT_PACKAGE } from '@rankmaps/shared/plans';
import { CoinsIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { paths } from '@/lib/paths';
import { creditsBar } from '../utils/subscription-state';

export interface CreditsWidgetProps {
  /** Plan credits left this period. */
  subscription: number;
  /** Purchased credits left. */
  extra: number;
  /** The plan's credits per month; 0 when unknown (the bar then counts out of 100). */
  planMonthly: number;
  headingLevel?: 'h2' | 'h3';
}

/**
 * The pro plans' credits (docs/product.md §4, docs/product.md §9): a bar of the plan credits left out of the month's,
 * the purchased credits beside them (valid 12 months), and a link to buy more.
 */
export function CreditsWidget({ subscription, extra, planMonthly, headingLevel = 'h3' }: CreditsWidgetProps) {
  const { t, i18n } = useTranslation('billing');
  const titleId = useId();
  const n = (x: number) => formatCount(x, i18n.language);
  const { total, percent } = creditsBar(subscription, planMonthly);
  const Heading = headingLevel;
  return (
    <section aria-labelledby={titleId} data-testid="credits-widget">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={titleId} className="flex items-center gap-2 font-semibold text-slate-900">
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ring-1 ring-amber-100">
            <CoinsIcon className="h-4 w-4" />
          </span>
          {t('credits.title')}
        </Heading>
        <Link to={paths.buyCredits.getHref()} className={`${buttonClass('secondary')} py-2!`}>
          {t('credits.buy')}
        </Link>
      </div>

      <div className="mt-4">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-700">{t('credits.subscription')}</span>
          <span className="text-slate-900 tabular-nums">
            <strong className="font-semibold">{n(subscription)}</strong>
            <span className="text-slate-500"> / {n(total)}</span>
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('credits.barLabel')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={Math.min(subscription, total)}
          aria-valuetext={t('credits.of', { value: n(subscription), total: n(total) })}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-linear-to-r from-brand-500 to-cyan-500 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-1.5 text-xs text-slate-500">{t('credits.renews')}</p>
      </div>

      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
          <p className="text-xs font-medium text-slate-500">{t('credits.extra')}</p>
          <p className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{n(extra)}</p>
          <p className="mt-0.5 text-xs text-slate-500">{t('credits.extraValidity', { months: CREDIT_PACKAGE.validityMonths })}</p>
        </div>
        <div className="rounded-xl bg-brand-50/60 p-3 ring-1 ring-brand-100">
          <p className="text-xs font-medium text-brand-800">{t('credits.available')}</p>
          <p className="mt-0.5 text-lg font-semibold text-brand-900 tabular-nums">{n(subscription + extra)}</p>
          <p className="mt-0.5 text-xs text-brand-800">{t('credits.costHint')}</p>
        </div>
      </div>
    </section>
  );
}
