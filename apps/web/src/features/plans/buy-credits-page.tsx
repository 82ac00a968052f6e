import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CREDIT_PACKAGE, GRID_SIZES } from '@rankmaps/shared/plans';
import { MAX_CREDIT_PACKS } from '@rankmaps/shared/credit-value';
import { CheckIcon, CoinsIcon } from 'lucide-react';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { Spinner } from '@/components/ui/spinner';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { usePlans } from './api/get-plans';
import { CheckoutError } from './components/checkout-error';
import { CheckoutCancelledNotice } from './components/checkout-cancelled-notice';
import { formatCount, formatEuro } from '@/lib/format';
import { paths } from '@/lib/paths';

// A few grid sizes to show what a scan costs: 1 credit per point, so side × side.
const EXAMPLE_GRIDS = GRID_SIZES.filter((s) => [5, 7, 9, 15, 21, 25].includes(s));

/** /buy-credits: the one credit package of the catalogue. */
export function BuyCreditsPage() {
  const { t, i18n } = useTranslation('plans');
  const { isAuthenticated } = useSession();
  const plansQuery = usePlans();
  const checkout = useCreateCheckoutSession();
  // Several packages go in one checkout, one line of quantity N (docs/decisions.md §29.5).
  const [packs, setPacks] = useState(1);
  const buy = async () => {
    checkout.reset();
    const catalogue = plansQuery.data ?? (await plansQuery.refetch()).data;
    checkout.mutate({ priceId: catalogue?.creditPackage.priceId ?? '', planName: `${CREDIT_PACKAGE.credits * packs} créditos`, quantity: packs });
  };
  const busy = checkout.isPending || checkout.isSuccess;
  const euro = (n: number, digits = 0) => formatEuro(n, i18n.language, digits);
  const values = { credits: CREDIT_PACKAGE.credits, price: euro(CREDIT_PACKAGE.price), months: CREDIT_PACKAGE.validityMonths };
  usePageMeta(t('buyCredits.metaTitle'), t('buyCredits.metaDescription', values));
  const how: unknown = t('buyCredits.how', { returnObjects: true });
  const paragraphs = Array.isArray(how) ? how.filter((p): p is string => typeof p === 'string') : [];

  return (
    <div className="px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:px-8">
      <CheckoutCancelledNotice />
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('buyCredits.eyebrow')}</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{t('buyCredits.title')}</h1>
        <p className="mt-4 text-lg text-pretty text-slate-600">{t('buyCredits.subtitle')}</p>
      </div>

      <div className="mx-auto mt-12 grid max-w-5xl items-start gap-8 lg:grid-cols-[1fr_1.1fr]">
        <section
          aria-labelledby="credit-package-title"
          className="relative overflow-hidden rounded-3xl bg-white p-7 shadow-2xl ring-2 shadow-brand-700/10 ring-brand-600 sm:p-9"
        >
          <div
            aria-hidden="true"
            className="absolute -top-16 -right-16 h-48 w-48 rounded-full bg-linear-to-br from-amber-200/60 to-brand-200/40 blur-2xl"
          />
          <div className="relative">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-amber-50 text-amber-700 ring-1 ring-amber-200">
              <CoinsIcon className="h-6 w-6 shrink-0" />
            </span>
            <h2 id="credit-package-title" className="mt-5 text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {t('buyCredits.packageTitle')}
            </h2>
            <p className="mt-1 text-3xl font-bold text-slate-900">{t('buyCredits.credits', { count: CREDIT_PACKAGE.credits })}</p>
            <p className="mt-4 text-5xl font-extrabold tracking-tight text-slate-900">{euro(CREDIT_PACKAGE.price)}</p>
            <p className="mt-1 text-sm text-slate-500">
              {t('buyCredits.perCredit', { price: euro(CREDIT_PACKAGE.price / CREDIT_PACKAGE.credits, 2) })}
            </p>
            <p className="mt-1 text-xs text-slate-500">{t('vat.included', { ns: 'common' })}</p>
            <ul className="mt-6 space-y-3 text-sm text-slate-700">
              {[t('buyCredits.validity', { months: CREDIT_PACKAGE.validityMonths }), t('buyCredits.oneOff'), t('buyCredits.stack')].map(
                (line) => (
                  <li key={line} className="flex items-center gap-2.5">
                    <CheckIcon className="h-4 w-4 shrink-0 text-emerald-600" />
                    {line}
                  </li>
                ),
              )}
            </ul>
            <div className="mt-8">
              {isAuthenticated && (
                <div className="mb-4">
                  <div className="flex items-center justify-between gap-3">
                    <label htmlFor="credit-packs" className="text-sm font-semibold text-slate-800">
                      {t('buyCredits.quantity')}
                    </label>
                    <select
                      id="credit-packs"
                      value={packs}
                      onChange={(e) => setPacks(Number(e.target.value))}
                      disabled={busy}
                      aria-describedby="credit-packs-hint"
                      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
                    >
                      {Array.from({ length: MAX_CREDIT_PACKS }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </div>
                  <p id="credit-packs-hint" className="mt-1 text-xs text-slate-500">
                    {t('buyCredits.quantityHint', { max: MAX_CREDIT_PACKS, credits: CREDIT_PACKAGE.credits })}
                  </p>
                  <p data-testid="credit-packs-total" className="mt-2 text-sm font-semibold text-slate-900">
                    {t('buyCredits.total', { price: euro(CREDIT_PACKAGE.price * packs), credits: formatCount(CREDIT_PACKAGE.credits * packs, i18n.language) })}
                  </p>
                </div>
              )}
              {isAuthenticated ? (
                <button
                  type="button"
                  onClick={() => void buy()}
                  disabled={busy}
                  aria-busy={busy || undefined}
                  aria-describedby={checkout.error ? 'credits-checkout-error' : undefined}
                  className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
                >
                  {busy && <Spinner className="h-4 w-4" />}
                  {busy ? t('checkout.processing') : t('buyCredits.buy', { count: CREDIT_PACKAGE.credits * packs })}
                </button>
              ) : (
                <Link
                  to={`${paths.signin.getHref()}?redirect=${paths.buyCredits.getHref()}`}
                  className="inline-flex w-full items-center justify-center rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white shadow-lg shadow-brand-700/25 hover:bg-brand-800"
                >
                  {t('buyCredits.signedOut')}
                </Link>
              )}
              {Boolean(checkout.error) && <CheckoutError id="credits-checkout-error" error={checkout.error} />}
            </div>
          </div>
        </section>

        <section aria-labelledby="credits-how-title" className="rounded-3xl bg-white/80 p-7 ring-1 ring-slate-200 sm:p-9">
          <h2 id="credits-how-title" className="text-xl font-bold text-slate-900">
            {t('buyCredits.howTitle')}
          </h2>
          <div className="mt-4 space-y-3 text-sm leading-6 text-slate-600">
            {paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <table className="mt-6 w-full text-left text-sm">
            <caption className="mb-3 text-left text-xs font-medium text-slate-500">{t('buyCredits.tableCaption')}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-500">
                <th scope="col" className="py-2 font-medium">
                  {t('buyCredits.tableGrid')}
                </th>
                <ColumnHeaders className="py-2 text-right font-medium" labels={[t('buyCredits.tableCost'), t('buyCredits.tableScans')]} />
              </tr>
            </thead>
            <tbody>
              {EXAMPLE_GRIDS.map((size) => (
                <tr key={size} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2.5 font-semibold text-slate-900">
                    {size}×{size}
                  </th>
                  <td className="py-2.5 text-right text-slate-700">{formatCount(size * size, i18n.language)}</td>
                  <td className="py-2.5 text-right text-slate-700">{formatCount(Math.floor(CREDIT_PACKAGE.credits / (size * size)), i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-6 text-sm text-slate-600">
            {t('buyCredits.plansNote')}{' '}
            <Link to={paths.pricing.getHref()} className="font-semibold text-brand-700 hover:text-brand-800">
              {t('buyCredits.plansLink')}
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}
