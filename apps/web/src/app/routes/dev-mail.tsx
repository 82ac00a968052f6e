import { useTranslation } from 'react-i18next';
import { DevOutbox } from '@/features/dev/components/dev-outbox';
import { usePageMeta } from '@/lib/page-meta';

export default function DevMailPage() {
  const { t } = useTranslation('devmail');
  usePageMeta(t('metaTitle'), t('metaDescription'));
  return <DevOutbox />;
}
