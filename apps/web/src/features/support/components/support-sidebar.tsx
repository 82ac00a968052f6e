import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_REPLY_HOURS } from '@rankmaps/shared/constants';
import { getPlan } from '@rankmaps/shared/plans';
import { paths } from '@/lib/paths';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { CircleQuestionMarkIcon, ClockIcon, MailIcon, ShieldCheckIcon, UserIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

function Row({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId: string }) {
  return (
    // A <dl> group may hold only <dt> and <dd>: the icon sits inside the <dt>, drawn in the padding.
    <div className="relative min-h-9 min-w-0 pl-12">
      <dt className="text-xs font-medium text-slate-500">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 flex h-9 w-9 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-sm font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Who is writing (docs/product.md §2: name, e-mail, current plan), when we answer, and where else to look. */
export function SupportSidebar({ profile }: { profile: Pick<Profile, 'name' | 'email' | 'currentPlan'> }) {
  const { t } = useTranslation('support');
  const { data: config } = usePublicConfig();
  const planName = getPlan(profile.currentPlan)?.name ?? t('sidebar.free');
  return (
    <aside className="space-y-4" aria-label={t('sidebar.label')}>
      <section aria-labelledby="support-account-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="support-account-title" className="text-base font-semibold text-slate-900">
          {t('sidebar.title')}
        </h2>
        <dl className="mt-4 space-y-4">
          <Row icon={<UserIcon className="h-4 w-4" />} label={t('sidebar.name')} testId="support-user-name">
            {profile.name}
          </Row>
          <Row icon={<MailIcon className="h-4 w-4" />} label={t('sidebar.email')} testId="support-user-email">
            {profile.email}
          </Row>
          <Row icon={<ShieldCheckIcon className="h-4 w-4" />} label={t('sidebar.plan')} testId="support-user-plan">
            {planName}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="support-hours-title" className="rounded-2xl bg-brand-50/60 p-5 ring-1 ring-brand-100">
        <h2 id="support-hours-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ClockIcon className="h-4 w-4 text-brand-700" />
          {t('sidebar.hoursTitle')}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t('sidebar.hours', { hours: CONTACT_REPLY_HOURS })}</p>
        <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
          <CircleQuestionMarkIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          <span>
            {t('sidebar.faqHint')}{' '}
            <Link to={paths.faq.getHref()} className="font-medium text-brand-700 hover:underline">
              {t('sidebar.faqLink')}
            </Link>
          </span>
        </p>
        {config && (
          <p className="mt-3 text-sm text-slate-600">
            {t('sidebar.emailHint')}{' '}
            <a href={`mailto:${config.contactEmail}`} className="font-medium break-all text-brand-700 hover:underline">
              {config.contactEmail}
            </a>
          </p>
        )}
      </section>
    </aside>
  );
}
