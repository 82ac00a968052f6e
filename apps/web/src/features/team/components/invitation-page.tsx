import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { PageLoader } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiErrorText } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { fieldError, zodResolver } from '@/lib/forms';
import { paths } from '@/lib/paths';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitation';
import { INVITATION_INVALID, type InvitationPreview } from '../api/types';
import { acceptNewAccountSchema } from '../utils/accept-form';
import { BrandMark } from './brand-mark';

/** One new-password field as the form hands it over: react-hook-form's registration, its label and error. */
export type PasswordInput = UseFormRegisterReturn & { label: string; error: string | undefined };
/**
 * Sign-up's password pieces (the auth feature's, given by the route): the password with its
 * rules ticked as it is typed, then the confirmation.
 */
export type PasswordFieldsSlot = (fields: { password: PasswordInput; confirmation: PasswordInput; value: string }) => ReactNode;

/**
 * /invitacion?token=… (docs/decisions.md §30.7): who invites to which workspace and as what, then
 * the one way to accept that fits — the button when signed in with the invited address, a
 * sign-in that comes back here when the address has an account, else a name and a password.
 */
export function InvitationPage({ token, passwordFields }: { token: string; passwordFields: PasswordFieldsSlot }) {
  const { t } = useTranslation('team');
  const preview = useInvitationPreview(token);
  const invalid =
    token === '' || (preview.error instanceof ApiError && (preview.error.status === 410 || preview.error.code === INVITATION_INVALID));
  if (invalid) {
    return (
      <div data-testid="invitation-invalid" className="space-y-3">
        <h1 className="text-xl font-bold text-slate-900">{t('invitation.invalidTitle')}</h1>
        <AlertBanner tone="warning">
          {preview.error instanceof ApiError ? preview.error.message : t('invitation.invalidFallback')}
        </AlertBanner>
        <p className="text-sm text-slate-600">{t('invitation.invalidHelp')}</p>
      </div>
    );
  }
  return (
    <QueryState query={preview} error={t('invitation.loadFailed')}>
      {(data) => <LoadedInvitation token={token} preview={data} passwordFields={passwordFields} />}
    </QueryState>
  );
}

function LoadedInvitation({
  token,
  preview,
  passwordFields,
}: {
  token: string;
  preview: InvitationPreview;
  passwordFields: PasswordFieldsSlot;
}) {
  const { t } = useTranslation('team');
  const { t: tc } = useTranslation();
  const session = useSession();
  const signedInEmail = session.profile?.email.toLowerCase() ?? null;
  const here = paths.invitation.getHref(token);
  return (
    <div className="space-y-5" data-testid="invitation">
      <header className="flex items-center gap-3">
        <BrandMark brand={preview.brand} fallbackName={preview.workspaceName} />
        <div className="min-w-0">
          <h1 className="text-xl font-bold break-words text-slate-900">{t('invitation.title', { workspace: preview.workspaceName })}</h1>
          {preview.brand?.name && preview.brand.name !== preview.workspaceName && (
            <p className="text-sm text-slate-600">{preview.brand.name}</p>
          )}
        </div>
      </header>
      <p className="text-slate-700">
        {preview.inviterName
          ? t('invitation.body', { inviter: preview.inviterName, workspace: preview.workspaceName, role: tc(`roles.${preview.role}`) })
          : t('invitation.bodyNoInviter', { workspace: preview.workspaceName, role: tc(`roles.${preview.role}`) })}
      </p>
      <p className="text-sm text-slate-600">{t(`roleHints.${preview.role}`)}</p>
      {session.loading ? (
        <PageLoader />
      ) : session.isAuthenticated && signedInEmail === preview.email.toLowerCase() ? (
        <AcceptButton token={token} />
      ) : session.isAuthenticated && signedInEmail ? (
        <AlertBanner tone="warning">
          <p>{t('invitation.otherAccount', { current: signedInEmail, invited: preview.email })}</p>
          <Button variant="secondary" className="mt-3 py-2!" onClick={session.logout}>
            {t('invitation.signOut')}
          </Button>
        </AlertBanner>
      ) : preview.hasAccount ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{t('invitation.hasAccount', { email: preview.email })}</p>
          <Link to={paths.signin.getHref(here)} className={`${buttonClass('primary')} w-full`}>
            {t('invitation.signIn')}
          </Link>
        </div>
      ) : (
        <NewAccountForm token={token} email={preview.email} passwordFields={passwordFields} />
      )}
    </div>
  );
}

/** Signs into the workspace the invitation opened: the new token, nothing cached of the old one, the start page. */
function useEnterWorkspace() {
  const { login } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (accessToken: string) => {
    queryClient.clear();
    await login(accessToken);
    await navigate(paths.root.getHref(), { replace: true });
  };
}

function AcceptButton({ token }: { token: string }) {
  const { t } = useTranslation('team');
  const accept = useAcceptInvitation();
  const enter = useEnterWorkspace();
  const [error, setError] = useState<string | null>(null);
  const onAccept = async () => {
    setError(null);
    try {
      const { accessToken } = await accept.mutateAsync({ token });
      await enter(accessToken);
    } catch (err) {
      setError(apiErrorText(err, t('invitation.acceptFailed')));
    }
  };
  return (
    <div className="space-y-3">
      {error && <AlertBanner tone="error">{error}</AlertBanner>}
      <Button className="w-full" loading={accept.isPending} onClick={() => void onAccept()}>
        {t('invitation.accept')}
      </Button>
    </div>
  );
}

function NewAccountForm({ token, email, passwordFields }: { token: string; email: string; passwordFields: PasswordFieldsSlot }) {
  const { t } = useTranslation('team');
  const { t: ta } = useTranslation('auth');
  const accept = useAcceptInvitation();
  const enter = useEnterWorkspace();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(acceptNewAccountSchema), defaultValues: { name: '', password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const { accessToken } = await accept.mutateAsync({ token, ...values });
      await enter(accessToken);
    } catch (err) {
      setError(apiErrorText(err, t('invitation.acceptFailed')));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{t('invitation.newAccount', { email })}</p>
      {error && <AlertBanner tone="error">{error}</AlertBanner>}
      <TextField label={ta('fields.name')} autoComplete="name" required error={fieldError(errors.name?.message)} {...register('name')} />
      {passwordFields({
        password: { label: ta('fields.password'), error: fieldError(errors.password?.message), ...register('password') },
        confirmation: {
          label: ta('fields.confirmPassword'),
          error: fieldError(errors.confirmPassword?.message),
          ...register('confirmPassword'),
        },
        value: password,
      })}
      <Button type="submit" loading={isSubmitting} className="w-full">
        {t('invitation.create')}
      </Button>
    </form>
  );
}
