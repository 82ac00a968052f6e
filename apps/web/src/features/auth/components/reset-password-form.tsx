import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordFormSchema } from '@rankmaps/shared/schemas/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button, buttonClass } from '@/components/ui/button';
import { fieldError, zodResolver } from '@/lib/forms';
import { useResetPassword } from '../api/reset-password';
import { apiErrorMessage } from '../utils/error-message';
import { NewPasswordFields } from './auth-fields';
import { paths } from '@/lib/paths';

/** The new password twice, with the same rules as sign-up; then a way to sign in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'newPassword' });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    await reset.mutateAsync({ token, newPassword }).catch(() => undefined);
  });

  if (reset.isSuccess) {
    return (
      <div className="space-y-5">
        <AlertBanner tone="success" title={t('resetToken.success')}>
          {t('resetToken.successHint')}
        </AlertBanner>
        <Link to={paths.signin.getHref()} className={`${buttonClass('primary')} w-full`}>
          {t('resetToken.goToSignin')}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {reset.isError && (
        <AlertBanner tone="error" title={t('resetToken.error')}>
          {apiErrorMessage(reset.error, '') || undefined}
        </AlertBanner>
      )}
      <NewPasswordFields
        password={{ label: t('fields.newPassword'), error: fieldError(errors.newPassword?.message), ...register('newPassword') }}
        confirmation={{ label: t('fields.confirmNewPassword'), error: fieldError(errors.confirmPassword?.message), ...register('confirmPassword') }}
        value={password}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t('resetToken.submit')}
      </Button>
    </form>
  );
}
