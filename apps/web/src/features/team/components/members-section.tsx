import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { useRemoveMember } from '../api/team';
import type { AssignableRole, TeamMember } from '../api/types';
import { MemberDialog } from './member-dialog';
import { RoleLabel } from './role-label';

type Changeable = TeamMember & { role: AssignableRole };
const changeable = (m: TeamMember): m is Changeable => m.role !== 'owner' && !m.isYou;

/** The clients' names of a member, or «Todos» for a role that sees the whole workspace. */
function clientNames(member: TeamMember, names: Map<string, string>, all: string): string {
  const scoped: WorkspaceRole[] = ['member', 'client'];
  if (!scoped.includes(member.role)) return all;
  return member.clientIds.map((id) => names.get(id) ?? '—').join(', ') || '—';
}

/**
 * The members: a table from 1024 px (768 px leaves the page 480 px beside the sidebar), a card each below. The owner's row and one's own cannot be
 * changed or removed here (docs/decisions.md §30.7).
 */
export function MembersSection({ members, clientNamesById }: { members: TeamMember[]; clientNamesById: Map<string, string> }) {
  const { t, i18n } = useTranslation('team');
  const { confirm } = useAlerts();
  const toast = useToast();
  const remove = useRemoveMember();
  const [editing, setEditing] = useState<Changeable | null>(null);

  const onRemove = async (member: TeamMember) => {
    const ok = await confirm({
      title: t('members.removeTitle', { name: member.name }),
      message: t('members.removeBody', { name: member.name }),
      confirmLabel: t('members.removeConfirm'),
      cancelLabel: t('actions.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(member.userId);
      toast({ type: 'success', message: t('members.removed', { name: member.name }) });
    } catch (err) {
      toast({ type: 'error', message: apiErrorText(err, t('members.removeFailed')) });
    }
  };

  const actions = (member: TeamMember) =>
    changeable(member) ? (
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="py-1.5! text-sm"
          onClick={() => setEditing(member)}
          aria-label={t('members.changeLabel', { name: member.name })}
        >
          {t('members.change')}
        </Button>
        <Button
          variant="secondary"
          className="py-1.5! text-sm text-red-700!"
          onClick={() => void onRemove(member)}
          loading={remove.isPending && remove.variables === member.userId}
          aria-label={t('members.removeLabel', { name: member.name })}
        >
          {t('members.remove')}
        </Button>
      </div>
    ) : null;

  const who = (member: TeamMember) => (
    <>
      <span className="font-medium text-slate-900">{member.name}</span>
      {member.isYou && <span className="ml-1 text-xs text-slate-500">{t('members.you')}</span>}
    </>
  );

  return (
    <section aria-labelledby="members-title" className="space-y-3">
      <h2 id="members-title" className="text-lg font-semibold text-slate-900">
        {t('members.title')}
      </h2>
      <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 lg:block">
        <table className="w-full text-left text-sm" data-testid="members-table">
          <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('members.columns.name')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('members.columns.email')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('members.columns.role')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('members.columns.clients')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                {t('members.columns.joined')}
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">{t('members.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => (
              <tr key={member.userId}>
                <td className="px-4 py-3">{who(member)}</td>
                <td className="px-4 py-3 break-all text-slate-700">{member.email}</td>
                <td className="px-4 py-3">
                  <RoleLabel role={member.role} className="text-slate-800" />
                </td>
                <td className="px-4 py-3 text-slate-700">{clientNames(member, clientNamesById, t('members.allClients'))}</td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatMediumDate(member.joinedAt, i18n.language)}</td>
                <td className="px-4 py-3">{actions(member)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 lg:hidden">
        {members.map((member) => (
          <li key={member.userId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <p>{who(member)}</p>
            <p className="text-sm break-all text-slate-600">{member.email}</p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-500">{t('members.columns.role')}</dt>
              <dd>
                <RoleLabel role={member.role} className="text-slate-800" />
              </dd>
              <dt className="text-slate-500">{t('members.columns.clients')}</dt>
              <dd className="text-slate-800">{clientNames(member, clientNamesById, t('members.allClients'))}</dd>
              <dt className="text-slate-500">{t('members.columns.joined')}</dt>
              <dd className="text-slate-800">{formatMediumDate(member.joinedAt, i18n.language)}</dd>
            </dl>
            <div className="mt-3">{actions(member)}</div>
          </li>
        ))}
      </ul>
      {editing && <MemberDialog member={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
