import { useCan } from '@/lib/workspace/use-workspace';
import { useTranslation } from 'react-i18next';
import { ApiKeysSettings } from '@/features/api-keys/components/api-keys-settings';
import { useSubscriptionInfo } from '@/features/billing/api/get-subscription-info';
import { PaymentHistory } from '@/features/billing/components/payment-history';
import { SubscriptionCard } from '@/features/billing/components/subscription-card';
import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { SandboxActions } from '@/features/sandbox/components/sandbox-actions';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { WhiteLabelSettings } from '@/features/white-label/components/white-label-settings';
import { ConnectedApps } from '@/features/oauth/components/connected-apps';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /profile: the profile feature, with the subscription card, payments and sandbox tools from billing. */
export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  usePageMeta(t('metaTitle'));
  const { profile } = useSession();
  // Each settings tab needs its action of the permission table (docs/decisions.md §30.7).
  const canSeeBilling = useCan('billing.read');
  const canBrand = useCan('brand.manage');
  const canIntegrate = useCan('integrations.manage');
  const info = useSubscriptionInfo(Boolean(profile) && canSeeBilling);
  if (!profile) return null;
  return (
    <ProfilePage
      profile={profile}
      subscription={canSeeBilling ? <SubscriptionCard /> : null}
      payments={canSeeBilling ? <PaymentHistory /> : null}
      devTools={info.data?.provider === 'sandbox' ? <SandboxActions /> : null}
      notifications={(onStatus) => <NotificationSettingsForm onStatus={onStatus} />}
      whiteLabel={canBrand ? (onStatus) => <WhiteLabelSettings currentPlan={profile.currentPlan} onStatus={onStatus} /> : null}
      apiKeys={canIntegrate ? <ApiKeysSettings currentPlan={profile.currentPlan} /> : null}
      webhooks={canIntegrate ? <WebhooksSettings currentPlan={profile.currentPlan} /> : null}
      connectedApps={<ConnectedApps />}
    />
  );
}
