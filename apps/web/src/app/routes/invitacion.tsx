import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NewPasswordFields } from '@/features/auth/components/auth-fields';
import { InvitationPage } from '@/features/team/components/invitation-page';
import { usePageMeta } from '@/lib/page-meta';

/** /invitacion?token=…: an invitation to a workspace (team), with sign-up's password fields (auth) (docs/decisions.md §30.7). */
export default function InvitationRoute() {
  const { t } = useTranslation('team');
  usePageMeta(t('invitation.metaTitle'));
  const [params] = useSearchParams();
  return <InvitationPage token={params.get('token') ?? ''} passwordFields={(fields) => <NewPasswordFields {...fields} />} />;
}
