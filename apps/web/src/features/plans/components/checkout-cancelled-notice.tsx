import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Back from a checkout left unpaid (the sandbox's "Rechazar pago", Stripe's back button), the
 * server's cancel URL carries ?checkout=cancelled, and the page says what happened
 * (docs/decisions.md §22) instead of showing the plans as if nothing had.
 */
export function CheckoutCancelledNotice() {
  const { t } = useTranslation('plans');
  const [params] = useSearchParams();
  if (params.get('checkout') !== 'cancelled') return null;
  return (
    <p role="status" className="mx-auto mb-8 max-w-3xl rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      {t('checkout.cancelled')}
    </p>
  );
}
