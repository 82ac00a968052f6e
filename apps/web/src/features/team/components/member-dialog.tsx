import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/ui/form-modal';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { useChangeMember } from '../api/team';
import type { AssignableRole, TeamMember } from '../api/types';
import { needsClients } from '../utils/invite-form';
import { ClientPicker } from './client-picker';
import { RoleChoice } from './role-choice';

/** «Cambiar rol y clientes» of one member (never the owner: the transfer does that). */
export function MemberDialog({ member, onClose }: { member: TeamMember & { role: AssignableRole }; onClose: () => void }) {
  const { t } = useTranslation('team');
  const toast = useToast();
  const change = useChangeMember();
  const [role, setRole] = useState<AssignableRole>(member.role);
  const [clientIds, setClientIds] = useState<string[]>(member.clientIds);
  const [clientsError, setClientsError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  const submit = async () => {
    setFormError(undefined);
    if (needsClients(role) && clientIds.length === 0) {
      setClientsError(t('invite.errors.clientsRequired'));
      return;
    }
    setClientsError(undefined);
    try {
      await change.mutateAsync({ userId: member.userId, change: { role, clientIds: needsClients(role) ? clientIds : [] } });
      toast({ type: 'success', message: t('members.changed', { name: member.name }) });
      onClose();
    } catch (err) {
      setFormError(apiErrorText(err, t('members.changeFailed')));
    }
  };

  return (
    <FormModal
      texts={{
        title: t('members.changeTitle', { name: member.name }),
        description: t('members.changeDescription'),
        close: t('actions.close'),
        cancel: t('actions.cancel'),
        submit: t('actions.save'),
      }}
      pending={change.isPending}
      formError={formError}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <RoleChoice value={role} onChange={setRole} error={undefined} />
      {needsClients(role) && <ClientPicker selected={clientIds} onChange={setClientIds} error={clientsError} />}
    </FormModal>
  );
}
