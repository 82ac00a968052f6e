import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '@rankmaps/shared/constants';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth/session';
import { useCooldown } from '@/lib/use-cooldown';
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
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);

  const onClick = async () => {
    if (!email) {
      setFeedback({ tone: 'error', text: t('verify.noEmail') });
      return;
    }
    setFeedback(null);
    try {
      await send.mutateAsync(email);
      cooldown.start();
      setFeedback({ tone: 'success', text: t('verify.sent') });
      await refreshProfile();
    } catch (err) {
      setFeedback({ tone: 'error', text: apiErrorMessage(err, t('verify.resendError')) });
    }
  };

  let label = t('verify.resend');
  if (send.isPending) label = t('verify.sending');
  else if (cooldown.remaining > 0) label = t('verify.countdown', { n: cooldown.remaining });

  return (
    <div className="space-y-3">
      <Button
        onClick={() => void onClick()}
        loading={send.isPending}
        disabled={send.isPending || cooldown.remaining > 0}
        className="w-full"
      >
        {label}
      </Button>
      <div aria-live="polite">{feedback && <AlertBanner tone={feedback.tone}>{feedback.text}</AlertBanner>}</div>
    </div>
  );
}
