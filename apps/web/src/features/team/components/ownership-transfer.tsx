import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { useTransferOwnership } from '../api/team';
import type { TeamMember } from '../api/types';

/**
 * «Transferir la propiedad», for the owner only: the chosen member gets an e-mail and becomes
 * the owner when they accept; until then nothing changes.
 */
export function OwnershipTransfer({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation('team');
  const { confirm } = useAlerts();
  const toast = useToast();
  const transfer = useTransferOwnership();
  const candidates = members.filter((m) => !m.isYou && m.role !== 'client');
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const target = candidates.find((m) => m.userId === userId);
    if (!target) {
      setError(t('ownership.chooseFirst'));
      return;
    }
    setError(undefined);
    const ok = await confirm({
      title: t('ownership.confirmTitle'),
      message: t('ownership.confirmBody', { name: target.name }),
      confirmLabel: t('ownership.confirm'),
      cancelLabel: t('actions.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await transfer.mutateAsync(target.userId);
      toast({ type: 'success', message: t('ownership.pending', { name: target.name }) });
      setUserId('');
    } catch (err) {
      setError(apiErrorText(err, t('ownership.failed')));
    }
  };

  return (
    <section aria-labelledby="ownership-title" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="ownership-title" className="text-lg font-semibold text-slate-900">
        {t('ownership.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('ownership.body')}</p>
      {candidates.length === 0 ? (
        <p className="text-sm text-slate-600">{t('ownership.noCandidates')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="flex flex-col gap-3 lg:flex-row lg:items-end"
        >
          <SelectField
            label={t('ownership.member')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            options={[
              { value: '', label: t('ownership.choose') },
              ...candidates.map((m) => ({ value: m.userId, label: `${m.name} (${m.email})` })),
            ]}
            error={error}
            className="lg:min-w-72"
          />
          <Button type="submit" variant="secondary" loading={transfer.isPending} className="shrink-0">
            {t('ownership.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
