import { useTranslation } from 'react-i18next';
import { ReceiptIcon } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { PAYMENT_HISTORY_LIMIT, usePaymentHistory } from '../api/get-payment-history';
import { PaymentCards, PaymentTable } from './payment-history-list';

function HistorySkeleton() {
  const { t } = useTranslation('billing');
  return (
    <div role="status" aria-label={t('history.loading')} className="animate-pulse space-y-3" data-testid="payment-history-loading">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center justify-between gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <div className="space-y-2">
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-3 w-24 rounded bg-slate-100" />
          </div>
          <div className="h-4 w-16 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

/**
 * The last 20 payments (docs/product.md §2, docs/product.md §9). It fetches when first shown, which the profile
 * does when its payments tab is first opened.
 */
export function PaymentHistory() {
  const { t } = useTranslation('billing');
  const query = usePaymentHistory();

  return (
    <QueryState
      query={query}
      loadingView={<HistorySkeleton />}
      error={t('history.error')}
      isEmpty={(payments) => payments.length === 0}
      empty={
        <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center" data-testid="payment-history-empty">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <ReceiptIcon className="h-6 w-6" />
          </span>
          <p className="mt-3 font-semibold text-slate-900">{t('history.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('history.emptyBody')}</p>
        </div>
      }
    >
      {(payments) => (
        <div className="space-y-3" data-testid="payment-history">
          {payments.length >= PAYMENT_HISTORY_LIMIT && (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200">
              {t('history.limitNotice', { count: PAYMENT_HISTORY_LIMIT })}
            </p>
          )}
          <PaymentTable payments={payments} />
          <PaymentCards payments={payments} />
        </div>
      )}
    </QueryState>
  );
}
