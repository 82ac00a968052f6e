import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SandboxCheckoutPage } from '@/features/sandbox/components/sandbox-checkout';
import { usePageMeta } from '@/lib/page-meta';

/** /sandbox/checkout/:id: the local payment provider's checkout page. */
export default function SandboxCheckoutRoute() {
  const { t } = useTranslation('sandbox');
  usePageMeta(t('checkout.metaTitle'));
  const { id = '' } = useParams();
  return <SandboxCheckoutPage key={id} id={id} />;
}
