import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@rankmaps/shared/plans';
import { buttonClass } from '@/components/ui/button';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { SigninForm } from '@/features/auth/components/signin-form';
import { safeRedirect } from '@/features/auth/utils/redirect';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export default function SigninPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('signin.metaTitle'), t('signin.metaDescription'));
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), paths.root.getHref());
  const session = useSession();
  // Someone already signed in goes straight on; a sign-in made here navigates by itself.
  const [signedInOnArrival] = useState(session.isAuthenticated);
  if (signedInOnArrival) return <Navigate to={redirect} replace />;

  const signupPath = paths.signup.getHref(params.has('redirect') ? redirect : null);
  return (
    <>
      <AuthHeading title={t('signin.title')}>{t('signin.subtitle')}</AuthHeading>
      {/* A newcomer arriving from "Comenzar gratis" finds the way to an account before the form (docs/decisions.md §22). */}
      <section aria-labelledby="signin-newcomer" className="mb-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
        <h2 id="signin-newcomer" className="text-base font-semibold text-slate-900">
          {t('signin.newcomerTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('signin.newcomerText', { days: TRIAL_DAYS })}</p>
        <Link to={signupPath} className={`${buttonClass('primary')} mt-3 w-full`}>
          {t('signin.newcomerCta')}
        </Link>
      </section>
      <h2 className="mb-4 text-base font-semibold text-slate-900">{t('signin.existingTitle')}</h2>
      <SigninForm redirect={redirect} />
      <GoogleSignIn redirect={redirect} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('signin.noAccount')}{' '}
        <Link to={signupPath} className="font-semibold text-brand-700 hover:underline">
          {t('signin.signupLink')}
        </Link>
      </p>
    </>
  );
}
