import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_TOKEN_TTL_HOURS } from '@rankmaps/shared/constants';
import { AlertBanner } from '@/components/ui/alert-banner';
import { buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useValidateResetToken } from '@/features/auth/api/validate-reset-token';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export default function ResetPasswordTokenPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('resetToken.metaTitle'), t('resetToken.metaDescription'));
  const { token = '' } = useParams();
  const validation = useValidateResetToken(token);

  if (validation.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-8 text-brand-700">
        <Spinner className="h-8 w-8" />
        <p className="text-sm text-slate-600">{t('resetToken.checking')}</p>
      </div>
    );
  }

  if (validation.isError || !validation.data.valid) {
    return (
      <div className="space-y-5">
        <AuthHeading title={t('resetRequest.title')} />
        <AlertBanner tone="error" title={t('resetToken.invalid')}>
          {t('resetToken.invalidHint', { hours: RESET_TOKEN_TTL_HOURS })}
        </AlertBanner>
        <Link to={paths.resetPassword.getHref()} className={`${buttonClass('primary')} w-full`}>
          {t('resetToken.requestNew')}
        </Link>
        <p className="text-center text-sm">
          <Link to={paths.signin.getHref()} className="font-semibold text-brand-700 hover:underline">
            {t('backToSignin')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <>
      <AuthHeading title={t('resetToken.title')}>{t('resetToken.subtitle')}</AuthHeading>
      <ResetPasswordForm token={token} />
    </>
  );
}
