import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { usePublicConfig } from '@/lib/public-config';
import { BillingDataForm } from './billing-data-form';
import { DevParamsPanel } from './dev-params-panel';
import { PersonalInfoForm } from './personal-info-form';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { UnconfirmedEmailBanner } from './unconfirmed-email-banner';

interface ProfilePageProps {
  profile: Profile;
  /** The subscription card (billing). */
  subscription: ReactNode;
  /** The payments tab's content (billing); mounted when the tab is first opened. */
  payments: ReactNode;
  /** Extra tools inside the development panel (the sandbox's simulations). */
  devTools?: ReactNode;
}

/**
 * /profile (docs/product.md §2): header, e-mail banner, subscription, development panel (only with
 * developer tools on), and the personal / billing / payments tabs. The tabs share one
 * status line, cleared whenever the tab changes.
 */
export function ProfilePage({ profile, subscription, payments, devTools }: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const { data: config } = usePublicConfig();
  const [status, setStatus] = useState<Status | null>(null);

  const tabs = [
    {
      id: 'personal',
      label: t('tabs.personal'),
      short: t('tabs.personalShort'),
      content: <PersonalInfoForm profile={profile} onStatus={setStatus} />,
    },
    {
      id: 'billing',
      label: t('tabs.billing'),
      short: t('tabs.billingShort'),
      content: <BillingDataForm profile={profile} onStatus={setStatus} />,
    },
    { id: 'payments', label: t('tabs.payments'), short: t('tabs.paymentsShort'), content: payments },
  ];

  return (
    <div data-page="profile" className="mx-auto max-w-5xl space-y-6">
      <ProfileHeader profile={profile} />
      {!profile.mail_confirmed && <UnconfirmedEmailBanner email={profile.email} />}
      {subscription}
      {config?.devTools && <DevParamsPanel profile={profile} extra={devTools} />}
      <ProfileTabs
        tabs={tabs}
        label={t('tabs.label')}
        onChange={() => setStatus(null)}
        header={
          <div className={status ? 'mb-6' : ''}>
            <StatusMessage status={status} />
          </div>
        }
      />
    </div>
  );
}
