import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RESET_TOKEN_TTL_HOURS } from '@rankmaps/shared/constants';
import { passwordResetRequestSchema } from '@rankmaps/shared/schemas/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { fieldError, zodResolver } from '@/lib/forms';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { apiErrorMessage } from '../utils/error-message';
import { EmailField } from './auth-fields';
import { DemoOutboxHint } from './demo-outbox-hint';

/** One e-mail field; the answer is the same whether or not the account exists. */
export function ResetRequestForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    // The outcome is shown from the mutation's state; nothing else to do on failure.
    await request.mutateAsync(email).catch(() => undefined);
  });

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <AlertBanner tone="success" title={t('resetRequest.success')}>
          {t('resetRequest.successHint', { hours: RESET_TOKEN_TTL_HOURS })}
        </AlertBanner>
        <DemoOutboxHint />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {request.isError && (
        <AlertBanner tone="error" title={t('resetRequest.error')}>
          {apiErrorMessage(request.error, '') || undefined}
        </AlertBanner>
      )}
      <EmailField error={fieldError(errors.email?.message)} {...register('email')} />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t('resetRequest.submit')}
      </Button>
    </form>
  );
}
