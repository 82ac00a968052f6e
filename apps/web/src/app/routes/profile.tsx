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
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';

/** /profile: the profile feature, with the subscription card, payments and sandbox tools from billing. */
export default function ProfileRoute() {
  const { t } = useTranslation('profile');
  usePageMeta(t('metaTitle'));
  const { profile } = useSession();
  const info = useSubscriptionInfo(Boolean(profile));
  if (!profile) return null;
  return (
    <ProfilePage
      profile={profile}
      subscription={<SubscriptionCard />}
      payments={<PaymentHistory />}
      devTools={info.data?.provider === 'sandbox' ? <SandboxActions /> : null}
      notifications={(onStatus) => <NotificationSettingsForm onStatus={onStatus} />}
      whiteLabel={(onStatus) => <WhiteLabelSettings currentPlan={profile.currentPlan} onStatus={onStatus} />}
      apiKeys={<ApiKeysSettings currentPlan={profile.currentPlan} />}
      webhooks={<WebhooksSettings currentPlan={profile.currentPlan} />}
    />
  );
}
