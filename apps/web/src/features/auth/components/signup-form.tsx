import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signupRequestSchema } from '@rankmaps/shared/schemas/auth';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { fieldError, zodResolver } from '@/lib/forms';
import { useSignup } from '../api/signup';
import { apiErrorMessage } from '../utils/error-message';
import { EmailField, NewPasswordFields } from './auth-fields';
import { paths } from '@/lib/paths';

/** Name, e-mail and a password checked live against the four rules; then the verification page. */
export function SignupForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signup = useSignup();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await signup.mutateAsync({ ...values, ...(redirect ? { redirectTo: redirect } : {}) });
      const email = res.email || values.email;
      void navigate(paths.emailVerification.getHref({ email, ...(redirect ? { redirect } : {}) }), { state: { email } });
    } catch (err) {
      setError(apiErrorMessage(err, t('signup.error')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error && <AlertBanner tone="error">{error}</AlertBanner>}
      <TextField
        label={t('fields.name')}
        autoComplete="name"
        placeholder={t('fields.namePlaceholder')}
        required
        error={fieldError(errors.name?.message)}
        {...register('name')}
      />
      <EmailField error={fieldError(errors.email?.message)} {...register('email')} />
      <NewPasswordFields
        password={{ label: t('fields.password'), error: fieldError(errors.password?.message), ...register('password') }}
        confirmation={{ label: t('fields.confirmPassword'), error: fieldError(errors.confirmPassword?.message), ...register('confirmPassword') }}
        value={password}
      />
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t('signup.submit')}
      </Button>
    </form>
  );
}
