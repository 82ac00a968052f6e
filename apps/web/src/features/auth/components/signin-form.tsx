import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema } from '@rankmaps/shared/schemas/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { fieldError, zodResolver } from '@/lib/forms';
import { useLogin } from '../api/login';
import { apiErrorMessage } from '../utils/error-message';
import { AuthPasswordField, EmailField } from './auth-fields';
import { paths } from '@/lib/paths';

/** E-mail, password and "remember me"; an unconfirmed account goes to the verification page. */
export function SigninForm({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { accessToken } = await login.mutateAsync(values);
      const profile = await session.login(accessToken);
      if (!profile) {
        setError(t('signin.error'));
        return;
      }
      void navigate(redirect, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.errorType === 'email_not_confirmed') {
        void navigate(paths.emailVerification.getHref({ email: values.email, redirect }), { state: { email: values.email } });
        return;
      }
      setError(apiErrorMessage(err, t('signin.error')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <AlertBanner tone="error">{error}</AlertBanner>}
      <EmailField error={fieldError(errors.email?.message)} {...register('email')} />
      <AuthPasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        error={fieldError(errors.password?.message)}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CheckboxField label={t('signin.remember')} {...register('remember')} />
        <Link to={paths.resetPassword.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
          {t('signin.forgot')}
        </Link>
      </div>
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t('signin.submit')}
      </Button>
    </form>
  );
}
