import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_PRIORITIES,
  SUPPORT_SUBJECT_MAX_LENGTH,
  type SupportTicketFormValues,
  supportTicketFormSchema,
} from '@rankmaps/shared/schemas/support';
import { MessageField, MessageFormFooter } from '@/components/ui/message-form';
import { SendOutcome } from '@/components/ui/send-outcome';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { fieldError, zodResolver } from '@/lib/forms';
import { useCaptchaForm } from '@/lib/use-captcha-form';
import { useSendSupportTicket } from '../api/send-support-ticket';
import { supportErrorMessage } from './support-error';

// The category starts on its placeholder (''), which the schema refuses with 'Elige una
// categoría': a ticket filed under a default category would be routed wrongly.
const empty = { category: '', priority: 'media', subject: '', message: '' } as unknown as SupportTicketFormValues;

/** Category, priority, subject and message; resets after a ticket is created (docs/product.md §4). */
export function SupportForm({ profile }: { profile: Pick<Profile, '_id' | 'email' | 'name'> }) {
  const { t } = useTranslation('support');
  const send = useSendSupportTicket(profile);
  const { register, errors, message, config, sentOnce, warmUp, onSubmit } = useCaptchaForm(zodResolver(supportTicketFormSchema), empty, send.mutateAsync);

  const categories = [
    { value: '', label: t('form.categoryPlaceholder') },
    ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
  ];
  const priorities = SUPPORT_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }));
  const sending = send.isPending;
  return (
    <form onSubmit={onSubmit} onFocus={warmUp} noValidate aria-labelledby="support-form-title" className="@container space-y-5">
      <h2 id="support-form-title" className="text-lg font-semibold text-slate-900">
        {t('form.title')}
      </h2>
      <SendOutcome
        success={
          sentOnce && !sending
            ? {
                title: t('success.title'),
                text: send.data?.reference ? t('success.bodyWithReference', { reference: send.data.reference }) : t('success.body'),
              }
            : null
        }
        error={send.isError && !sending ? { title: t('error.title'), text: supportErrorMessage(send.error, t) } : null}
      />
      <div className="grid gap-5 @md:grid-cols-2">
        {(['category', 'priority'] as const).map((name) => (
          <SelectField
            key={name}
            label={t(`form.${name}`)}
            required
            options={name === 'category' ? categories : priorities}
            error={fieldError(errors[name]?.message)}
            {...register(name)}
          />
        ))}
      </div>
      <TextField
        label={t('form.subject')}
        required
        maxLength={SUPPORT_SUBJECT_MAX_LENGTH}
        placeholder={t('form.subjectPlaceholder')}
        error={fieldError(errors.subject?.message)}
        {...register('subject')}
      />
      <MessageField t={t} message={message} rows={7} max={SUPPORT_MESSAGE_MAX_LENGTH} />
      <MessageFormFooter
        t={t}
        sending={sending}
        note={<p className="text-xs text-slate-500">{config?.captcha.provider === 'altcha' ? t('form.altchaNote') : t('form.captchaNote')}</p>}
      />
    </form>
  );
}
