import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useSession } from '@/lib/auth/session';
import { usePublicConfig } from '@/lib/public-config';
import { useGoogleLogin } from '../api/google-login';
import { GoogleButton } from './google-button';

/** "Continue with Google" under a divider; shown only when a Google client id is configured. */
export function GoogleSignIn({ redirect }: { redirect: string }) {
  const { t } = useTranslation('auth');
  const { data: config } = usePublicConfig();
  const googleLogin = useGoogleLogin();
  const session = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  const clientId = config?.googleClientId;
  if (!clientId) return null;

  const onCredential = async (token: string) => {
    setFailed(false);
    try {
      const { accessToken } = await googleLogin.mutateAsync(token);
      const profile = await session.login(accessToken);
      if (!profile) {
        setFailed(true);
        return;
      }
      void navigate(redirect, { replace: true });
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="mt-6">
      <div className="mb-4 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
        <span className="h-px flex-1 bg-slate-200" />
        {t('or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      {failed && (
        <div className="mb-3">
          <AlertBanner tone="error">{t('signin.googleError')}</AlertBanner>
        </div>
      )}
      <div aria-busy={googleLogin.isPending || undefined}>
        <GoogleButton clientId={clientId} onCredential={(token) => void onCredential(token)} onUnavailable={() => setFailed(true)} />
      </div>
    </div>
  );
}
