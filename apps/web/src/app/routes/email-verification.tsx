import { useTranslation } from 'react-i18next';
import { EmailVerification } from '@/features/auth/components/email-verification';
import { usePageMeta } from '@/lib/page-meta';

export default function EmailVerificationPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('verify.metaTitle'), t('verify.metaDescription'));
  return <EmailVerification />;
}
