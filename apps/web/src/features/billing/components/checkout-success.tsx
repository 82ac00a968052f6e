import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon, TriangleExclamationPointIcon } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { PageLoader, Spinner } from '@/components/ui/spinner';
import { isCheckoutPaid, useCheckoutSession } from '../api/get-checkout-session';
import { paths } from '@/lib/paths';
import { useAwaitPlan } from '../hooks/use-await-plan';

function Panel({ tone, title, children }: { tone: 'success' | 'error'; title: string; children: ReactNode }) {
  const Icon = tone === 'success' ? CircleCheckIcon : TriangleExclamationPointIcon;
  return (
    <section className="mx-auto w-full max-w-lg py-8 sm:py-14">
      <div className="rounded-3xl bg-white p-6 text-center shadow-lg ring-1 ring-slate-200 sm:p-10">
        <span
          className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ring-8 ${
            tone === 'success' ? 'bg-emerald-50 text-emerald-600 ring-emerald-50/60' : 'bg-red-50 text-red-600 ring-red-50/60'
          }`}
        >
          <Icon className="h-8 w-8" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}

function BackToPlans() {
  const { t } = useTranslation('billing');
  return (
    <Link to={paths.subscription.getHref()} className={`${buttonClass('primary')} mt-8 w-full sm:w-auto`}>
      {t('success.back')}
    </Link>
  );
}

/**
 * /subscription/success (docs/product.md §2): verifies the checkout the provider sent the user back
 * from, then thanks them and shows where to go next.
 */
export function CheckoutSuccess({ sessionId }: { sessionId: string | null }) {
  const { t } = useTranslation('billing');
  const query = useCheckoutSession(sessionId);
  const paid = query.data ? isCheckoutPaid(query.data) : false;
  const subscription = query.data?.mode === 'subscription';
  const hasPlan = useAwaitPlan(paid, subscription);

  if (!sessionId) {
    return (
      <Panel tone="error" title={t('success.noSession')}>
        <p className="mt-3 text-slate-600">{t('success.noSessionBody')}</p>
        <BackToPlans />
      </Panel>
    );
  }
  if (query.isPending) return <PageLoader />;
  if (query.isError || !paid) {
    return (
      <Panel tone="error" title={t('success.verifyError')}>
        <p className="mt-3 text-slate-600">{t('success.verifyErrorBody')}</p>
        <div className="mt-8 flex flex-col gap-2">
          <Link to={paths.subscription.getHref()} className={buttonClass('primary')}>
            {t('success.back')}
          </Link>
          <Link to={paths.contact.getHref()} className={buttonClass('secondary')}>
            {t('success.support')}
          </Link>
        </div>
      </Panel>
    );
  }

  return (
    <Panel tone="success" title={subscription ? t('success.subscriptionTitle') : t('success.creditsTitle')}>
      <p className="mt-3 text-slate-600">{subscription ? t('success.subscriptionBody') : t('success.creditsBody')}</p>
      {subscription && !hasPlan && (
        <p role="status" className="mt-3 inline-flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="h-4 w-4" />
          {t('success.activating')}
        </p>
      )}
      <p className="mt-5 text-sm text-slate-500">
        {t('success.reference')}{' '}
        <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-slate-800" data-testid="session-ref">
          …{sessionId.slice(-8)}
        </code>
      </p>
      <div className="mt-8 flex flex-col gap-2">
        <Link to={paths.root.getHref()} className={buttonClass('primary')}>
          {t('success.toPanel')}
        </Link>
        <div className="grid gap-2 sm:grid-cols-2">
          <Link to={paths.profile.getHref()} className={buttonClass('secondary')}>
            {t('success.toProfile')}
          </Link>
          <Link to={paths.contact.getHref()} className={buttonClass('secondary')}>
            {t('success.support')}
          </Link>
        </div>
      </div>
    </Panel>
  );
}
