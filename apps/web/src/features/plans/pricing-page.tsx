import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CREDIT_PACKAGE,
  maxMonthsFreeAnnual,
  getPlan,
  plansByCategory,
  TRIAL_DAYS,
  type Plan,
  type BillingPeriod,
  type PlanCategory,
} from '@rankmaps/shared/plans';
import { CheckIcon, CoinsIcon, type LucideIcon, MessageCircleMoreIcon } from 'lucide-react';
import { hasPaidPlan, useSession } from '@/lib/auth/session';
import { useCurrentSubscription } from './api/get-current-subscription';
import { ChangePlanDialog } from './components/change-plan-dialog';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { usePlans } from './api/get-plans';
import { usePageMeta } from '@/lib/page-meta';
import { formatEuro, formatMediumDate } from '@/lib/format';
import { PlanCard } from './components/plan-card';
import { SegmentedControl } from './components/segmented-control';
import { WelcomeNotice } from './components/welcome-notice';
import { CheckoutCancelledNotice } from './components/checkout-cancelled-notice';
import { paths } from '@/lib/paths';

/** docs/product.md §1 and docs/product.md §9: competitors followed per location. */
const COMPETITORS_PER_LOCATION = 5;

const INCLUDED = ['trial', 'ads', 'competitors', 'serviceArea', 'history', 'countries'] as const;
const AUDIENCES: PlanCategory[] = ['basic', 'professional'];

/** /pricing and /subscription: the plans of the catalogue, by audience and billing period. */
export function PricingPage({ faq }: { faq?: ReactNode }) {
  const { t, i18n } = useTranslation('plans');
  const { isAuthenticated, profile } = useSession();
  // Back from a checkout left unpaid, the period chosen before it is kept (docs/decisions.md §22);
  // a plan and period chosen before sign-up come back with the confirmation (`plan`, `period`).
  const [params] = useSearchParams();
  const chosenPlan = getPlan(params.get('plan') ?? '');
  const periodParam = params.get('period');
  const [audienceChoice, setAudience] = useState<PlanCategory | null>(chosenPlan?.category ?? null);
  const [periodChoice, setPeriod] = useState<BillingPeriod | null>(periodParam === 'monthly' || periodParam === 'annual' ? periodParam : null);
  // Never subscribed: the confirmation just brought them here.
  const newcomer = isAuthenticated && profile !== null && !hasPaidPlan(profile) && !profile.subscriptionStatus;
  const plansQuery = usePlans();
  const checkout = useCreateCheckoutSession();
  // Which plan the last checkout attempt was for, so only that card shows its state.
  const [checkoutPlanId, setCheckoutPlanId] = useState<string | null>(null);
  // Another audience or period shows other plans: none of them keeps the last checkout's state.
  const resettingCheckout =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setCheckoutPlanId(null);
    };
  // A subscriber changes plan instead of starting a second checkout (docs/decisions.md §22.1).
  const subscriptionInfo = useCurrentSubscription(isAuthenticated);
  const subscribed = Boolean(subscriptionInfo.data?.hasActiveSubscription && subscriptionInfo.data.subscription);
  const currentPeriod: BillingPeriod | null = subscriptionInfo.data?.subscription?.billingPeriod === 'anual' ? 'annual' : subscriptionInfo.data?.subscription ? 'monthly' : null;
  // Until the user picks otherwise, a subscriber sees their own audience and period.
  const audience: PlanCategory = audienceChoice ?? getPlan(profile?.currentPlan ?? '')?.category ?? (profile?.planLimits.type === 'pro' ? 'professional' : 'basic');
  const period: BillingPeriod = periodChoice ?? (subscribed ? currentPeriod : null) ?? 'annual';
  // The trial is for a first subscription only (docs/decisions.md §29.7): a subscriber, or a past one, is offered none.
  const noTrial = subscribed || Boolean(profile?.subscriptionStatus);
  const [change, setChange] = useState<{ priceId: string; label: string } | null>(null);
  // A move down waiting for the period's end is marked on its plan and period (docs/decisions.md §22.1).
  const scheduled = subscriptionInfo.data?.subscription?.scheduledChange ?? null;
  usePageMeta(t('metaTitle'), t('metaDescription', { days: TRIAL_DAYS, months: maxMonthsFreeAnnual() }));

  // docs/product.md §8: if the plans (with their price ids) cannot be loaded, only the default basic plan is offered.
  const plansUnavailable = isAuthenticated && plansQuery.isError;
  const plans = plansUnavailable ? [getPlan('basico')!] : plansByCategory(audience);

  const subscribe = async (plan: Plan) => {
    if (subscribed) {
      const catalogue = plansQuery.data ?? (await plansQuery.refetch()).data;
      const entry = catalogue?.plans.find((p) => p.id === plan.id);
      const priceId = period === 'annual' ? entry?.anual_subscription_id : entry?.subscription_id;
      if (priceId) setChange({ priceId, label: `${plan.name} (${t(period === 'annual' ? 'change.annual' : 'change.monthly')})` });
      return;
    }
    setCheckoutPlanId(plan.id);
    checkout.reset();
    const catalogue = plansQuery.data ?? (await plansQuery.refetch()).data;
    const entry = catalogue?.plans.find((p) => p.id === plan.id);
    const priceId = period === 'annual' ? entry?.anual_subscription_id : entry?.subscription_id;
    const planName = `${plan.name} (${period === 'annual' ? 'Anual' : 'Mensual'})`;
    // No price id means the catalogue could not be loaded: the request fails with the spec's message.
    checkout.mutate({ priceId: priceId ?? '', planName });
  };
  // Signed up from a plan's card and just confirmed: straight to that plan's checkout, once.
  // subscribe is a new function each render (it reads the current period and catalogue), so the
  // effect calls the latest one through a ref rather than re-running whenever it changes.
  const subscribeRef = useRef(subscribe);
  useEffect(() => {
    subscribeRef.current = subscribe;
  });
  const startedChosen = useRef(false);
  const readyForChosen = Boolean(chosenPlan && isAuthenticated && subscriptionInfo.isSuccess && !subscribed && plansQuery.isSuccess);
  useEffect(() => {
    if (!readyForChosen || !chosenPlan || startedChosen.current) return;
    startedChosen.current = true;
    void subscribeRef.current(chosenPlan);
  }, [readyForChosen, chosenPlan]);
  const audienceLabel = t(audience === 'basic' ? 'audience.basic' : 'audience.professional');

  return (
    <>
      <section aria-labelledby="pricing-title" className="px-4 pt-14 pb-6 sm:px-6 sm:pt-20 lg:px-8">
        {newcomer && profile && <WelcomeNotice name={profile.firstName ?? profile.name} />}
        <CheckoutCancelledNotice />
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('eyebrow')}</p>
          <h1 id="pricing-title" className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t('title')}
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">{noTrial ? t('subtitleNoTrial') : t('subtitle', { days: TRIAL_DAYS })}</p>
          <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3.5 py-1.5 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
            <CheckIcon className="h-4 w-4 shrink-0" />
            {t('noCommitment')}
          </p>
        </div>
        <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 sm:max-w-none lg:flex-row lg:justify-center lg:gap-6">
          <SegmentedControl
            label={t('audience.label')}
            value={audience}
            onChange={resettingCheckout(setAudience)}
            options={AUDIENCES.map((value) => ({ value, label: t(`audience.${value}`) }))}
          />
          <SegmentedControl
            label={t('period.label')}
            value={period}
            onChange={resettingCheckout(setPeriod)}
            options={[
              { value: 'monthly', label: t('period.monthly') },
              {
                value: 'annual',
                label: t('period.annual'),
                badge: (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">{t('period.save')}</span>
                ),
              },
            ]}
          />
        </div>
        <p className="mx-auto mt-4 max-w-xl text-center text-sm text-slate-500">
          {t(audience === 'basic' ? 'audience.basicHint' : 'audience.professionalHint')}
        </p>
      </section>

      <section aria-labelledby="pricing-plans-title" className="@container px-4 pt-10 pb-16 sm:px-6 lg:px-8">
        <h2 id="pricing-plans-title" className="sr-only">
          {t('plansListLabel', { audience: audienceLabel })}
        </h2>
        {plansUnavailable && (
          <p role="status" className="mx-auto mb-6 max-w-md rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
            {t('checkout.plansUnavailable')}
          </p>
        )}
        <ul className="mx-auto grid max-w-md items-start gap-8 @3xl:max-w-6xl @3xl:grid-cols-3 @3xl:items-center @3xl:gap-5">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              signedIn={isAuthenticated}
              isCurrent={profile?.currentPlan === plan.id && (!subscribed || currentPeriod === period)}
              changing={subscribed}
              scheduledOn={
                scheduled && scheduled.planId === plan.id && (scheduled.billingPeriod === 'anual') === (period === 'annual')
                  ? formatMediumDate(scheduled.effectiveAt, i18n.language)
                  : undefined
              }
              processing={checkoutPlanId === plan.id && (checkout.isPending || checkout.isSuccess)}
              disabled={checkout.isPending || checkout.isSuccess}
              checkoutError={checkoutPlanId === plan.id ? checkout.error : null}
              onSubscribe={() => void subscribe(plan)}
              signupHref={paths.signup.getHref(`${paths.subscription.getHref()}?plan=${plan.id}&period=${period}`)}
            />
          ))}
        </ul>
        {change && <ChangePlanDialog priceId={change.priceId} label={change.label} onClose={() => setChange(null)} />}
      </section>

      <section aria-labelledby="pricing-included" className="px-4 pb-12 sm:px-6 lg:px-8">
        <div className="@container mx-auto max-w-6xl rounded-3xl bg-slate-50 px-6 py-8 ring-1 ring-slate-200 sm:px-10">
          <h2 id="pricing-included" className="text-center text-lg font-semibold text-slate-900">
            {t('included.title')}
          </h2>
          <ul className="mt-6 grid gap-x-8 gap-y-3 @xl:grid-cols-2 @4xl:grid-cols-3">
            {INCLUDED.filter((id) => !(noTrial && id === 'trial')).map((id) => (
              <li key={id} className="flex items-center gap-2.5 text-sm text-slate-700">
                <CheckIcon className="h-4 w-4 shrink-0 text-emerald-600" />
                {t(`included.${id}`, { days: TRIAL_DAYS, count: COMPETITORS_PER_LOCATION })}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Two cards side by side only with room for both: signed in, the sidebar narrows the page. */}
      <div className="@container px-4 pb-4 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-6xl gap-6 @2xl:grid-cols-2">
          <LinkCard id="pricing-credits" icon={CoinsIcon} tone="bg-amber-50 text-amber-700" texts="creditsBanner" to={paths.buyCredits.getHref()}>
            {t('creditsBanner.body', {
              credits: CREDIT_PACKAGE.credits,
              price: formatEuro(CREDIT_PACKAGE.price, i18n.language),
              months: CREDIT_PACKAGE.validityMonths,
            })}
          </LinkCard>
          <LinkCard id="pricing-help" icon={MessageCircleMoreIcon} tone="bg-brand-50 text-brand-700" texts="help" to={paths.contact.getHref()}>
            {t('help.body')}
          </LinkCard>
        </div>
      </div>

      {faq}
    </>
  );
}

/** A card beside the plans: an icon, a title, a line and a link; `texts` names the `title` and `link` keys. */
function LinkCard({ id, icon: Icon, tone, texts, to, children }: { id: string; icon: LucideIcon; tone: string; texts: string; to: string; children: string }) {
  const { t } = useTranslation('plans');
  return (
    <section aria-labelledby={id} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <span className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${tone}`}>
        <Icon className="h-5 w-5 shrink-0" />
      </span>
      <div>
        <h2 id={id} className="font-semibold text-slate-900">
          {t(`${texts}.title`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
        <Link to={to} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:text-brand-800">
          {t(`${texts}.link`)}
        </Link>
      </div>
    </section>
  );
}
