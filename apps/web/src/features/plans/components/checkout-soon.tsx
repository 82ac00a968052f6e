import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Online checkout arrives with the billing work. Until then a signed-in click says so
 * plainly, says nothing was charged, and points to support.
 */
export function CheckoutSoon({ message }: { message: string }) {
  const { t } = useTranslation('plans');
  return (
    <div role="status" className="rounded-xl bg-amber-50 p-4 text-left text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="font-semibold">{t('checkoutSoon.title')}</p>
      <p className="mt-1">{message}</p>
      <Link to="/contact" className="mt-2 inline-block font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700">
        {t('checkoutSoon.contact')}
      </Link>
    </div>
  );
}
