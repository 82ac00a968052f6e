import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX_LENGTH } from '@rankmaps/shared/constants';
import { type ContactFormValues, contactFormSchema } from '@rankmaps/shared/schemas/contact';
import { ShieldCheckIcon } from 'lucide-react';
import { MessageField, MessageFormFooter } from '@/components/ui/message-form';
import { SendOutcome } from '@/components/ui/send-outcome';
import { TextField } from '@/components/ui/text-field';
import { fieldError, zodResolver } from '@/lib/forms';
import { useCaptchaForm } from '@/lib/use-captcha-form';
import { useSendContactMessage } from '../api/send-contact-message';
import { contactErrorMessage } from './contact-error';

const empty: ContactFormValues = { name: '', email: '', message: '' };

/** Name, e-mail and message; states idle → sending → success (form cleared) or error (docs/product.md §4). */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const send = useSendContactMessage();
  const { register, errors, message, config, sentOnce, warmUp, onSubmit } = useCaptchaForm(zodResolver(contactFormSchema), empty, send.mutateAsync);

  const sending = send.isPending;
  return (
    <form onSubmit={onSubmit} onFocus={warmUp} noValidate aria-labelledby="contact-form-title" className="space-y-5">
      <h2 id="contact-form-title" className="text-lg font-semibold text-slate-900">
        {t('form.title')}
      </h2>
      <SendOutcome
        success={sentOnce && !sending ? { title: t('success.title'), text: t('success.body') } : null}
        error={send.isError && !sending ? { title: t('error.title'), text: contactErrorMessage(send.error, t) } : null}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('form.name')}
          autoComplete="name"
          required
          placeholder={t('form.namePlaceholder')}
          error={fieldError(errors.name?.message)}
          {...register('name')}
        />
        <TextField
          label={t('form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          placeholder={t('form.emailPlaceholder')}
          error={fieldError(errors.email?.message)}
          {...register('email')}
        />
      </div>
      <MessageField t={t} message={message} rows={6} max={CONTACT_MESSAGE_MAX_LENGTH} />
      <MessageFormFooter
        t={t}
        sending={sending}
        note={
          config?.captcha.provider === 'altcha' ? (
            <p className="flex items-center gap-2 text-xs text-slate-500">
              <ShieldCheckIcon className="h-4 w-4 shrink-0 text-emerald-600" />
              {t('form.altchaNote')}
            </p>
          ) : (
            <span />
          )
        }
      />
    </form>
  );
}
