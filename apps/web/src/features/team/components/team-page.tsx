import { UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { QueryState } from '@/components/ui/query-state';
import { useAssignableClients, useMembers } from '../api/team';
import { useCan } from '@/lib/workspace/use-workspace';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { MembersSection } from './members-section';
import { OwnershipTransfer } from './ownership-transfer';

/** /equipo (docs/decisions.md §30.7): members and seats, invitations, and the owner's transfer. */
export function TeamPage() {
  const { t } = useTranslation('team');
  const members = useMembers();
  const clients = useAssignableClients();
  const isOwner = useCan('workspace.own');
  const [inviting, setInviting] = useState(false);
  const clientNamesById = new Map((clients.data?.clients ?? []).map((c) => [c.id, c.name]));

  return (
    <div data-page="team" className="space-y-6">
      <HomeBreadcrumb t={t} items={[{ label: t('title') }]} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
          {members.data && (
            <p className="mt-2 text-sm font-medium text-slate-800" data-testid="seats">
              {members.data.seats.limit === null
                ? t('seats.unlimited', { count: members.data.seats.used })
                : t('seats.used', { used: members.data.seats.used, limit: members.data.seats.limit })}
            </p>
          )}
        </div>
        <Button onClick={() => setInviting(true)} className="shrink-0">
          <UserPlusIcon className="h-4 w-4" aria-hidden="true" />
          {t('invite.open')}
        </Button>
      </header>
      <QueryState query={members} error={t('errors.loadMembers')} loading={t('loading.members')}>
        {({ items }) => (
          <>
            <MembersSection members={items} clientNamesById={clientNamesById} />
            <InvitationsSection />
            {isOwner && <OwnershipTransfer members={items} />}
          </>
        )}
      </QueryState>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </div>
  );
}
