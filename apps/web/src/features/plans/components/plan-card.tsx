import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { annualSavings, annualTotal, DEFAULT_RADIUS_M, isUnlimited, priceFor, type BillingPeriod, type Plan } from '@rankmaps/shared/plans';
import { agencyFeatures } from '@rankmaps/shared/plan-comparison';
import { CheckIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { CheckoutError } from './checkout-error';
import { formatCount, formatEuro } from '@/lib/format';
import { paths } from '@/lib/paths';

interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  signedIn: boolean;
  isCurrent: boolean;
  /** This plan's checkout is being created: the button shows it and waits. */
  processing: boolean;
  /** Another plan's checkout is being created. */
  disabled: boolean;
  /** The last checkout attempt for this plan failed. */
  checkoutError: unknown;
  /** The user already subscribes: the button changes plan instead of starting a checkout. */
  changing?: boolean;
  /** When a move down to this plan and period is scheduled, its date, formatted; the card says so instead of offering it. */
  scheduledOn?: string;
  onSubscribe: () => void;
  /** Signed out: the sign-up link, which carries this plan and period to the checkout after confirmation. */
  signupHref?: string;
}

const buttonBase = 'inline-flex w-full items-center justify-center rounded-xl px-4 py-3 text-sm font-semibold transition-colors';

export function PlanCard({ plan, period, signedIn, isCurrent, processing, disabled, checkoutError, changing = false, scheduledOn, onSubscribe, signupHref }: PlanCardProps) {
  const { t, i18n } = useTranslation('plans');
  const euro = (n: number) => formatEuro(n, i18n.language);
  const annual = period === 'annual';
  const unlimited = (n: number, feminine = false) =>
    isUnlimited(n) ? t(feminine ? 'card.unlimitedFeminine' : 'card.unlimited') : formatCount(n, i18n.language);
  const limits = [
    { label: t('card.places'), value: unlimited(plan.limits.places) },
    { label: t('card.keywords'), value: unlimited(plan.limits.keywords, true) },
    { label: t('card.weeklyScans'), value: unlimited(plan.limits.weeklyScans) },
    { label: t('card.manualScans'), value: unlimited(plan.limits.manualScans) },
    ...(plan.credits > 0 ? [{ label: t('card.credits'), value: formatCount(plan.credits, i18n.language) }] : []),
    { label: t('card.grid'), value: t('card.gridValue', { size: plan.limits.gridSize }) },
    { label: t('card.seats'), value: plan.seats === null ? t('card.unlimited') : formatCount(plan.seats, i18n.language) },
  ];
  const titleId = `plan-${plan.id}-title`;
  const features = agencyFeatures(plan);
  const buttonClass = `${buttonBase} ${plan.popular ? 'bg-brand-700 text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800' : 'bg-slate-900 text-white hover:bg-slate-800'}`;

  return (
    <li
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-3xl bg-white p-6 sm:p-8 ${plan.popular ? 'shadow-2xl ring-2 shadow-brand-700/15 ring-brand-600 @4xl:-my-4 @4xl:py-12' : 'shadow-sm ring-1 ring-slate-200'}`}
    >
      {plan.popular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-linear-to-r from-brand-600 to-cyan-600 px-3.5 py-1 text-xs font-semibold whitespace-nowrap text-white shadow">
          {t('card.popular')}
        </p>
      )}
      <h3 id={titleId} className="text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-slate-500">{t(`taglines.${plan.id}`)}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{euro(priceFor(plan, period))}</span>
        <span className="text-sm font-medium text-slate-500">{t('card.perMonth')}</span>
      </p>
      <div className="mt-2 min-h-12 text-sm">
        {annual ? (
          <>
            <p className="text-slate-600">{t('card.billedAnnually', { total: euro(annualTotal(plan)) })}</p>
            <p className="font-semibold text-emerald-700">{t('card.savings', { amount: euro(annualSavings(plan)) })}</p>
          </>
        ) : (
          <>
            <p className="text-slate-600">{t('card.billedMonthly')}</p>
            <p className="text-slate-500">{t('card.annualAlternative', { price: euro(plan.annualPrice) })}</p>
          </>
        )}
        <p className="mt-1 text-xs text-slate-500">{t('vat.included', { ns: 'common' })}</p>
      </div>
      <div className="mt-6">
        {!signedIn ? (
          <Link to={signupHref ?? paths.signup.getHref()} className={buttonClass}>
            {t('cta.start')}
          </Link>
        ) : isCurrent ? (
          <p className={`${buttonBase} bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200`}>{t('cta.current')}</p>
        ) : scheduledOn ? (
          <p data-testid="plan-scheduled" className={`${buttonBase} bg-sky-50 text-sky-900 ring-1 ring-sky-200`}>
            {t('cta.scheduled', { date: scheduledOn })}
          </p>
        ) : (
          <button
            type="button"
            onClick={onSubscribe}
            disabled={processing || disabled}
            aria-busy={processing || undefined}
            aria-describedby={checkoutError ? `${plan.id}-checkout-error` : undefined}
            className={`${buttonClass} gap-2 disabled:cursor-not-allowed disabled:opacity-70`}
          >
            {processing && <Spinner className="h-4 w-4" />}
            {processing ? t('checkout.processing') : changing ? t('cta.change') : t(annual ? 'cta.annual' : 'cta.monthly')}
          </button>
        )}
        {Boolean(checkoutError) && <CheckoutError id={`${plan.id}-checkout-error`} error={checkoutError} />}
      </div>
      <h4 className="sr-only">{t('card.limitsTitle', { plan: plan.name })}</h4>
      <dl className="mt-8 space-y-3 border-t border-slate-100 pt-6 text-sm">
        {limits.map((limit) => (
          <div key={limit.label} className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-2 text-slate-600">
              <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" />
              {limit.label}
            </dt>
            <dd className="font-semibold text-slate-900">{limit.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 flex items-center gap-2 text-sm text-slate-600">
        <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" />
        {plan.type === 'pro'
          ? t('card.customRadius')
          : t('card.fixedRadius', { km: formatCount(DEFAULT_RADIUS_M / 1000, i18n.language) })}
      </p>
      {features.length > 0 && (
        <>
          <h4 className="sr-only">{t('card.featuresTitle', { plan: plan.name })}</h4>
          {/* Read from the catalogue (plan-comparison.ts): a card never claims what its plan lacks. */}
          <ul data-testid={`plan-features-${plan.id}`} className="mt-3 space-y-2 text-sm text-slate-700">
            {features.map((f) => (
              <li key={f} className="flex items-center gap-2">
                <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" />
                {t(`card.features.${f}`)}
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}
