import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button, buttonClass } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { useCompleteSandboxCheckout, type SandboxOutcome } from '../api/complete-sandbox-checkout';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { CheckoutSummary } from './checkout-summary';
import { SandboxRibbon } from './sandbox-ribbon';
import { paths } from '@/lib/paths';

function Frame({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <SandboxRibbon />
      <div className="mt-4 rounded-3xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">{children}</div>
    </section>
  );
}

/**
 * The sandbox's stand-in for Stripe's checkout page (/sandbox/checkout/:id). Its buttons
 * decide how the simulated payment ends; the browser then goes where the provider says.
 */
export function SandboxCheckoutPage({ id }: { id: string }) {
  const { t } = useTranslation('sandbox');
  const query = useSandboxCheckout(id);
  const complete = useCompleteSandboxCheckout();
  // Stays busy after success too: the page is leaving.
  const busy = complete.isPending || complete.isSuccess;
  const chosen = complete.variables?.outcome;

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Frame>
        <h1 className="text-xl font-bold text-slate-900">{t('checkout.notFoundTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('checkout.notFoundBody')}</p>
        <Link to={paths.subscription.getHref()} className={`${buttonClass('primary')} mt-6 w-full`}>
          {t('checkout.backToPlans')}
        </Link>
      </Frame>
    );
  }

  const checkout = query.data;
  const go = (outcome: SandboxOutcome) => complete.mutate({ id, outcome });
  // What each outcome's button does and shows: all wait while one runs, the chosen one spins.
  const choose = (outcome: SandboxOutcome) => ({ onClick: () => go(outcome), loading: busy && chosen === outcome, disabled: busy });
  return (
    <Frame>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('checkout.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('checkout.lead')}</p>
      <div className="mt-5">
        <CheckoutSummary checkout={checkout} />
      </div>
      {checkout.status === 'complete' && (
        <div className="mt-4">
          <AlertBanner tone="info">{t('checkout.alreadyComplete')}</AlertBanner>
        </div>
      )}
      {complete.isError && (
        <div className="mt-4">
          <AlertBanner tone="error">{t('checkout.error')}</AlertBanner>
        </div>
      )}
      <div className="mt-6 space-y-2">
        <Button className="w-full" {...choose('pay')}>
          {t('checkout.pay')}
        </Button>
        {checkout.mode === 'subscription' && (
          <Button variant="secondary" className="w-full" {...choose('pay_then_fail_renewal')}>
            {t('checkout.payThenFail')}
          </Button>
        )}
        <Button variant="ghost" className="w-full text-red-700! hover:bg-red-50!" {...choose('decline')}>
          {t('checkout.decline')}
        </Button>
      </div>
      <ul className="mt-6 space-y-1.5 border-t border-slate-100 pt-4 text-xs text-slate-500">
        <li>{t('checkout.help.pay')}</li>
        {checkout.mode === 'subscription' && <li>{t('checkout.help.payThenFail')}</li>}
        <li>{t('checkout.help.decline')}</li>
      </ul>
    </Frame>
  );
}
