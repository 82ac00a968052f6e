import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { GoogleSignIn } from '@/features/auth/components/google-sign-in';
import { SignupForm } from '@/features/auth/components/signup-form';
import { safeRedirect } from '@/features/auth/utils/redirect';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

const legalLink = 'font-medium text-brand-700 underline underline-offset-2';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('signup.metaTitle'), t('signup.metaDescription'));
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), '') || null;
  const session = useSession();
  const [signedInOnArrival] = useState(session.isAuthenticated);
  if (signedInOnArrival) return <Navigate to={redirect ?? paths.root.getHref()} replace />;

  const signinPath = paths.signin.getHref(redirect);
  return (
    <>
      <AuthHeading title={t('signup.title')}>{t('signup.subtitle')}</AuthHeading>
      <SignupForm redirect={redirect} />
      <p className="mt-4 text-center text-xs leading-relaxed text-slate-500">
        <Trans
          t={t}
          i18nKey="signup.terms"
          components={{
            terms: <Link to={paths.legal.getHref('terms')} className={legalLink} />,
            privacy: <Link to={paths.legal.getHref('privacy')} className={legalLink} />,
          }}
        />
      </p>
      <GoogleSignIn redirect={redirect ?? paths.root.getHref()} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('signup.haveAccount')}{' '}
        <Link to={signinPath} className="font-semibold text-brand-700 hover:underline">
          {t('signup.signinLink')}
        </Link>
      </p>
    </>
  );
}
