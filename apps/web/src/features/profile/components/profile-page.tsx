import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { useSearchParams } from 'react-router';
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
  /** The payments tab's content (billing); mounted when the tab is first opened. null: no tab (a role without billing). */
  payments: ReactNode;
  /** Extra tools inside the development panel (the sandbox's simulations). */
  devTools?: ReactNode;
  /** The notifications tab's settings form (notifications), reporting on the tabs' status line. */
  notifications: (onStatus: (status: Status | null) => void) => ReactNode;
  /** The white-label tab's settings (white-label), reporting on the tabs' status line. */
  whiteLabel: ((onStatus: (status: Status | null) => void) => ReactNode) | null;
  /** The API tab's keys (api-keys); null leaves its tab out, as for webhooks (docs/decisions.md §30.7). */
  apiKeys: ReactNode;
  /** The Webhooks tab's endpoints and deliveries (webhooks). */
  webhooks: ReactNode;
  /** «Aplicaciones conectadas» (oauth): the person's own, whatever their role (docs/decisions.md §33.4). */
  connectedApps: ReactNode;
}

/**
 * /profile (docs/product.md §2): header, e-mail banner, subscription, development panel (only with
 * developer tools on), and the personal / billing / payments tabs. The tabs share one
 * status line, cleared whenever the tab changes.
 */
export function ProfilePage({ profile, subscription, payments, devTools, notifications, whiteLabel, apiKeys, webhooks, connectedApps }: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const [searchParams] = useSearchParams();
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
    ...(payments === null ? [] : [{ id: 'payments', label: t('tabs.payments'), short: t('tabs.paymentsShort'), content: payments }]),
    {
      id: 'notificaciones',
      label: t('tabs.notifications'),
      short: t('tabs.notificationsShort'),
      content: notifications(setStatus),
    },
    ...(whiteLabel === null ? [] : [{ id: 'marca-blanca', label: t('tabs.whiteLabel'), short: t('tabs.whiteLabelShort'), content: whiteLabel(setStatus) }]),
    ...(apiKeys === null ? [] : [{ id: 'api', label: t('tabs.apiKeys'), short: t('tabs.apiKeysShort'), content: apiKeys }]),
    ...(webhooks === null ? [] : [{ id: 'webhooks', label: t('tabs.webhooks'), short: t('tabs.webhooksShort'), content: webhooks }]),
    { id: 'aplicaciones', label: t('tabs.connectedApps'), short: t('tabs.connectedAppsShort'), content: connectedApps },
  ];
  // /profile?tab=notificaciones (the bell's and the alert e-mails' link) opens that tab; ?tab=marca-blanca, white-label; ?tab=api, the API keys; ?tab=webhooks, the webhooks; ?tab=aplicaciones, the connected apps.
  const initialTab = Math.max(0, tabs.findIndex((tab) => tab.id === searchParams.get('tab')));

  return (
    <div data-page="profile" className="mx-auto max-w-5xl space-y-6">
      <ProfileHeader profile={profile} />
      {!profile.mail_confirmed && <UnconfirmedEmailBanner email={profile.email} />}
      {subscription}
      {config?.devTools && <DevParamsPanel profile={profile} extra={devTools} />}
      <ProfileTabs
        tabs={tabs}
        initial={initialTab}
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
