import { useTranslation } from 'react-i18next';
import { checkoutErrorDetail } from '../utils/checkout-error-detail';

/** The spec's checkout failure text, with the server's reason under it when it gave one. */
export function CheckoutError({ id, error }: { id: string; error: unknown }) {
  const { t } = useTranslation('plans');
  const detail = checkoutErrorDetail(error);
  return (
    <div id={id} role="alert" className="mt-3 rounded-xl bg-red-50 p-4 text-left text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-semibold">{t('checkout.error')}</p>
      {detail && <p className="mt-1">{detail}</p>}
    </div>
  );
}
