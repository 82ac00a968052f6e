import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/ui/form-modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError, apiErrorText } from '@/lib/api-client';
import { useInvite } from '../api/team';
import { type InviteErrors, type InviteValues, needsClients, validateInvite } from '../utils/invite-form';
import { ClientPicker } from './client-picker';
import { RoleChoice } from './role-choice';

/**
 * «Invitar»: e-mail, role and, for Miembro and Cliente, their clients. The server's refusals
 * (already a member, an invitation pending, no seats left on the plan) show in the dialog in its
 * own words (docs/decisions.md §30.7).
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('team');
  const toast = useToast();
  const invite = useInvite();
  const [values, setValues] = useState<InviteValues>({ email: '', role: '', clientIds: [] });
  const [errors, setErrors] = useState<InviteErrors>({});
  const [emailRefusal, setEmailRefusal] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  const submit = async () => {
    setFormError(undefined);
    setEmailRefusal(undefined);
    const checked = validateInvite(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(checked.input);
      toast({ type: 'success', message: t('invite.sent', { email: checked.input.email }) });
      onClose();
    } catch (err) {
      const text = apiErrorText(err, t('invite.failed'));
      // A 409 is about the address (a member already, or an invitation pending): said under it.
      if (err instanceof ApiError && err.status === 409) setEmailRefusal(text);
      else setFormError(text);
    }
  };

  return (
    <FormModal
      texts={{
        title: t('invite.title'),
        description: t('invite.description'),
        close: t('actions.close'),
        cancel: t('actions.cancel'),
        submit: t('invite.submit'),
      }}
      pending={invite.isPending}
      formError={formError}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="off"
        inputMode="email"
        required
        value={values.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
        error={emailRefusal ?? (errors.email && t(errors.email))}
      />
      <RoleChoice value={values.role} onChange={(role) => setValues({ ...values, role })} error={errors.role && t(errors.role)} />
      {needsClients(values.role) && (
        <ClientPicker
          selected={values.clientIds}
          onChange={(clientIds) => setValues({ ...values, clientIds })}
          error={errors.clientIds && t(errors.clientIds)}
        />
      )}
    </FormModal>
  );
}
