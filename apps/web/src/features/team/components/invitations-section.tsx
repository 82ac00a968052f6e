import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { apiErrorText } from '@/lib/api-client';
import { formatMediumDate } from '@/lib/format';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/team';
import type { Invitation } from '../api/types';
import { RoleLabel } from './role-label';

/** The open invitations, each with «Reenviar» (a new link, 7 more days) and «Anular» (after a confirmation). */
export function InvitationsSection() {
  const { t, i18n } = useTranslation('team');
  const { confirm } = useAlerts();
  const toast = useToast();
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const onResend = async (invitation: Invitation) => {
    try {
      await resend.mutateAsync(invitation.id);
      toast({ type: 'success', message: t('invitations.resent', { email: invitation.email }) });
    } catch (err) {
      toast({ type: 'error', message: apiErrorText(err, t('invitations.resendFailed')) });
    }
  };
  const onRevoke = async (invitation: Invitation) => {
    const ok = await confirm({
      title: t('invitations.revokeTitle'),
      message: t('invitations.revokeBody', { email: invitation.email }),
      confirmLabel: t('invitations.revoke'),
      cancelLabel: t('actions.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(invitation.id);
      toast({ type: 'success', message: t('invitations.revoked', { email: invitation.email }) });
    } catch (err) {
      toast({ type: 'error', message: apiErrorText(err, t('invitations.revokeFailed')) });
    }
  };

  return (
    <section aria-labelledby="invitations-title" className="space-y-3">
      <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
        {t('invitations.title')}
      </h2>
      <QueryState
        query={invitations}
        error={t('errors.loadInvitations')}
        loading={t('loading.invitations')}
        isEmpty={(data) => data.items.length === 0}
        empty={<p className="rounded-2xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">{t('invitations.empty')}</p>}
      >
        {({ items }) => (
          <ul className="space-y-3" data-testid="invitations-list">
            {items.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium break-all text-slate-900">{invitation.email}</p>
                  <p className="text-slate-600">
                    <RoleLabel role={invitation.role} className="font-medium text-slate-800" /> ·{' '}
                    {invitation.invitedByName
                      ? t('invitations.by', { name: invitation.invitedByName, date: formatMediumDate(invitation.createdAt, i18n.language) })
                      : t('invitations.sentOn', { date: formatMediumDate(invitation.createdAt, i18n.language) })}
                  </p>
                  <p className={invitation.expired ? 'font-medium text-red-700' : 'text-slate-600'}>
                    {invitation.expired
                      ? t('invitations.expired')
                      : t('invitations.expires', { date: formatMediumDate(invitation.expiresAt, i18n.language) })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="py-1.5! text-sm"
                    loading={resend.isPending && resend.variables === invitation.id}
                    onClick={() => void onResend(invitation)}
                    aria-label={t('invitations.resendLabel', { email: invitation.email })}
                  >
                    {t('invitations.resend')}
                  </Button>
                  <Button
                    variant="secondary"
                    className="py-1.5! text-sm text-red-700!"
                    loading={revoke.isPending && revoke.variables === invitation.id}
                    onClick={() => void onRevoke(invitation)}
                    aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                  >
                    {t('invitations.revoke')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
