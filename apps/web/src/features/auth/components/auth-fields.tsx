import { type ComponentPropsWithRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/password-field';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { PasswordRules } from './password-rules';

/** What a form passes to an auth field: react-hook-form's `register(...)` and the translated error. */
type AuthFieldProps = Omit<TextFieldProps, 'label' | 'type'>;

/** The e-mail field of sign-in, sign-up and the reset request: one label, keyboard and autofill hint for all three. */
export const EmailField = forwardRef<HTMLInputElement, AuthFieldProps>(function EmailField(props, ref) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      ref={ref}
      label={t('fields.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('fields.emailPlaceholder')}
      required
      {...props}
    />
  );
});

interface AuthPasswordFieldProps extends AuthFieldProps {
  label: string;
  /** `current-password` to sign in; `new-password` where one is chosen, so managers offer to generate it. */
  autoComplete: 'current-password' | 'new-password';
}

/** A required password field with the auth pages' show/hide toggle. */
export const AuthPasswordField = forwardRef<HTMLInputElement, AuthPasswordFieldProps>(function AuthPasswordField(props, ref) {
  const { t } = useTranslation('auth');
  return <PasswordField ref={ref} required showLabel={t('fields.showPassword')} hideLabel={t('fields.hidePassword')} {...props} />;
});

/** One of the two new-password fields: `register(...)`, its label and its error. */
type NewPasswordInput = Omit<ComponentPropsWithRef<typeof AuthPasswordField>, 'autoComplete'>;

/**
 * Choosing a password, as sign-up and the password reset both do: the password, its four rules
 * checked live against what is typed (`value`), then the confirmation.
 */
export function NewPasswordFields({ password, confirmation, value }: { password: NewPasswordInput; confirmation: NewPasswordInput; value: string }) {
  return (
    <>
      <AuthPasswordField autoComplete="new-password" {...password} />
      <PasswordRules password={value} />
      <AuthPasswordField autoComplete="new-password" {...confirmation} />
    </>
  );
}
