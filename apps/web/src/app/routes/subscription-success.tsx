import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckoutSuccess } from '@/features/billing/components/checkout-success';
import { usePageMeta } from '@/lib/page-meta';

/** /subscription/success?session_id=…: where the payment provider sends the user back. */
export default function SubscriptionSuccessRoute() {
  const { t } = useTranslation('billing');
  usePageMeta(t('success.metaTitle'));
  const [params] = useSearchParams();
  return <CheckoutSuccess sessionId={params.get('session_id')} />;
}
