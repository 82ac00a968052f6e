import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ResetRequestForm } from '@/features/auth/components/reset-request-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('resetRequest.metaTitle'), t('resetRequest.metaDescription'));
  return (
    <>
      <AuthHeading title={t('resetRequest.title')}>{t('resetRequest.subtitle')}</AuthHeading>
      <ResetRequestForm />
      <p className="mt-6 text-center text-sm">
        <Link to={paths.signin.getHref()} className="font-semibold text-brand-700 hover:underline">
          {t('backToSignin')}
        </Link>
      </p>
    </>
  );
}
