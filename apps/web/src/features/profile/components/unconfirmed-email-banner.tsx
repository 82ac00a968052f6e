import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '@rankmaps/shared/constants';
import { MailIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { useSendConfirmationEmail } from '../api/send-confirmation-email';
import { useCooldown } from '@/lib/use-cooldown';

/**
 * Shown while the e-mail is unconfirmed. The resend button goes idle → 'Enviando...' →
 * 'Reenviar en {n}s' for 60 s → idle (docs/product.md §4), as on /email-verification.
 */
export function UnconfirmedEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation('profile');
  const send = useSendConfirmationEmail();
  const { remaining, start } = useCooldown(RESEND_COOLDOWN_SECONDS);
  const [status, setStatus] = useState<Status | null>(null);

  const onResend = async () => {
    setStatus(null);
    try {
      await send.mutateAsync(email);
      start();
      setStatus({ text: t('verify.sent'), tone: 'success' });
    } catch {
      setStatus({ text: t('verify.error'), tone: 'error' });
    }
  };

  let label = t('verify.resend');
  if (send.isPending) label = t('verify.sending');
  else if (remaining > 0) label = t('verify.countdown', { n: remaining });

  return (
    <section aria-labelledby="unconfirmed-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
          <div>
            <h2 id="unconfirmed-title" className="font-semibold text-amber-900">
              {t('verify.title')}
            </h2>
            <p className="mt-1 text-sm text-amber-900/90">{t('verify.body', { email })}</p>
          </div>
        </div>
        <Button
          variant="secondary"
          onClick={() => void onResend()}
          loading={send.isPending}
          disabled={send.isPending || remaining > 0}
          className="shrink-0"
        >
          {label}
        </Button>
      </div>
      <div className={status ? 'mt-3' : ''}>
        <StatusMessage status={status} />
      </div>
    </section>
  );
}
