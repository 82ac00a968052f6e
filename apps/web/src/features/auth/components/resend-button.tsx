import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '@rankmaps/shared/constants';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session';
import { useSendConfirmationEmail } from '../api/send-confirmation-email';
import { apiErrorMessage } from '../utils/error-message';

type Feedback = { tone: 'success' | 'error'; text: string } | null;

/**
 * Sends the confirmation link again. docs/product.md §4: idle → 'Enviando...' → a 60-second countdown
 * with the button disabled → idle.
 */
export function ResendButton({ email }: { email: string | null }) {
  const { t } = useTranslation('auth');
  const send = useSendConfirmationEmail();
  const { refreshProfile } = useSession();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (cooldownUntil === null) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= cooldownUntil) setCooldownUntil(null);
    }, 250);
    return () => clearInterval(timer);
  }, [cooldownUntil]);

  const remaining = cooldownUntil === null ? 0 : Math.max(1, Math.ceil((cooldownUntil - now) / 1000));

  const onClick = async () => {
    if (!email) {
      setFeedback({ tone: 'error', text: t('verify.noEmail') });
      return;
    }
    setFeedback(null);
    try {
      await send.mutateAsync(email);
      const start = Date.now();
      setNow(start);
      setCooldownUntil(start + RESEND_COOLDOWN_SECONDS * 1000);
      setFeedback({ tone: 'success', text: t('verify.sent') });
      await refreshProfile();
    } catch (err) {
      setFeedback({ tone: 'error', text: apiErrorMessage(err, t('verify.resendError')) });
    }
  };

  let label = t('verify.resend');
  if (send.isPending) label = t('verify.sending');
  else if (cooldownUntil !== null) label = t('verify.countdown', { n: remaining });

  return (
    <div className="space-y-3">
      <Button
        onClick={() => void onClick()}
        loading={send.isPending}
        disabled={send.isPending || cooldownUntil !== null}
        className="w-full"
      >
        {label}
      </Button>
      <div aria-live="polite">{feedback && <AlertBanner tone={feedback.tone}>{feedback.text}</AlertBanner>}</div>
    </div>
  );
}
