import { CheckIcon, XIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useConfirmEmail } from '../api/confirm-email';
import { paths } from '@/lib/paths';

/** Long enough to read "¡Email confirmado!" before the app opens. */
const SUCCESS_PAUSE_MS = 1500;

interface ConfirmEmailStatusProps {
  type: string | undefined;
  token: string | undefined;
  redirect: string;
}

function StatusIcon({ tone }: { tone: 'success' | 'error' }) {
  const colours = tone === 'success' ? 'bg-emerald-100 text-emerald-700' : 'bg-red-100 text-red-700';
  return (
    <div className={`mx-auto mb-5 flex h-16 w-16 items-center justify-center rounded-full ${colours}`} aria-hidden="true">
      {tone === 'success' ? <CheckIcon className="h-8 w-8" strokeWidth={2.2} /> : <XIcon className="h-8 w-8" strokeWidth={2.2} />}
    </div>
  );
}

/** Confirms the link once, signs the user in with the returned token, then opens `redirect`. */
export function ConfirmEmailStatus({ type, token, redirect }: ConfirmEmailStatusProps) {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const confirm = useConfirmEmail(type, token, session.login);
  const accessToken = confirm.data?.accessToken;

  useEffect(() => {
    if (!accessToken) return;
    const timer = setTimeout(() => void navigate(redirect, { replace: true }), SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [accessToken, navigate, redirect]);

  const missingParams = !type || !token;
  if (!missingParams && confirm.isPending) {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-6 text-brand-700">
        <Spinner className="h-10 w-10" />
        <p className="text-lg font-medium text-slate-700">{t('confirm.confirming')}</p>
      </div>
    );
  }

  if (confirm.isSuccess && accessToken) {
    return (
      <div role="status" aria-live="polite" className="text-center">
        <StatusIcon tone="success" />
        <h1 className="text-2xl font-bold text-slate-900">{t('confirm.success')}</h1>
        <p className="mt-2 text-slate-600">{t('confirm.successHint')}</p>
        <Button className="mt-6 w-full sm:w-auto" onClick={() => void navigate(redirect, { replace: true })}>
          {t('confirm.continue')}
        </Button>
      </div>
    );
  }

  const networkError = confirm.error instanceof ApiError && confirm.error.status === 0;
  let title = t('confirm.invalid');
  if (confirm.isSuccess) title = t('confirm.noToken');
  else if (networkError && confirm.error) title = confirm.error.message;

  return (
    <div role="alert" className="text-center">
      <StatusIcon tone="error" />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {!networkError && !confirm.isSuccess && <p className="mt-2 text-slate-600">{t('confirm.invalidHint')}</p>}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {networkError && (
          <Button variant="secondary" loading={confirm.isFetching} onClick={() => void confirm.refetch()}>
            {t('confirm.retry')}
          </Button>
        )}
        <Link to={paths.signin.getHref()} className={buttonClass('primary')}>
          {t('backToSignin')}
        </Link>
      </div>
    </div>
  );
}
