import { MailIcon } from 'lucide-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session';
import { usePollProfileConfirmation } from '../api/poll-profile-confirmation';
import { safeRedirect } from '../utils/redirect';
import { DemoOutboxHint } from './demo-outbox-hint';
import { ResendButton } from './resend-button';
import { paths } from '@/lib/paths';

function stateEmail(state: unknown): string | null {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') return state.email;
  return null;
}

/** The "one step away" card: where the link went, resend, and back to sign-in. */
export function EmailVerification() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const confirmed = session.profile?.mail_confirmed === true;
  usePollProfileConfirmation(session.isAuthenticated && session.profile !== null && !confirmed);

  if (confirmed) return <Navigate to={safeRedirect(params.get('redirect'), paths.root.getHref())} replace />;

  const redirect = params.get('redirect');
  const signinPath = paths.signin.getHref(redirect);
  const email = params.get('email') || stateEmail(location.state) || session.profile?.email || null;

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <div className="rounded-2xl bg-white p-6 text-center shadow-lg ring-1 ring-slate-200 sm:p-10">
        <div className="mx-auto mb-5 flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
          <MailIcon className="h-8 w-8" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('verify.title')}</h1>
        {email ? (
          <p className="mt-4 text-slate-600">
            {t('verify.sentTo')} <strong className="block font-semibold text-slate-900 wrap-anywhere">{email}</strong>
          </p>
        ) : (
          <p className="mt-4 text-slate-600">{t('verify.sentGeneric')}</p>
        )}
        <p className="mt-2 text-sm text-slate-600">{t('verify.instructions')}</p>
        <p className="mt-2 text-sm text-slate-500">{t('verify.spamHint')}</p>
        {session.isAuthenticated && <p className="mt-2 text-xs text-slate-500">{t('verify.autoExit')}</p>}
        <div className="mt-6 space-y-3 text-left">
          <ResendButton email={email} />
          {session.isAuthenticated ? (
            <button type="button" onClick={session.logout} className={`${buttonClass('secondary')} w-full`}>
              {t('backToSignin')}
            </button>
          ) : (
            <Link to={signinPath} className={`${buttonClass('secondary')} w-full`}>
              {t('backToSignin')}
            </Link>
          )}
        </div>
        <DemoOutboxHint />
      </div>
    </section>
  );
}
