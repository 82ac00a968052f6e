import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_REPLY_HOURS } from '@rankmaps/shared/constants';
import { ClockIcon, MailIcon, PhoneIcon, ReplyIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <div className="mt-0.5 text-sm text-slate-600">{children}</div>
      </div>
    </li>
  );
}

/** How and when we answer (docs/product.md §2 Contact, docs/product.md §9), with the contact e-mail and phone from the server. */
export function ContactInfo() {
  const { t } = useTranslation('contact');
  const { data: config } = usePublicConfig();
  return (
    <aside
      aria-labelledby="contact-info-title"
      className="rounded-2xl bg-white/80 p-6 shadow-sm ring-1 ring-slate-200 backdrop-blur sm:p-8"
    >
      <h2 id="contact-info-title" className="text-lg font-semibold text-slate-900">
        {t('info.title')}
      </h2>
      <ul className="mt-6 space-y-6">
        <InfoItem icon={<ReplyIcon className="h-5 w-5" />} title={t('info.replyTitle')}>
          {t('info.reply', { hours: CONTACT_REPLY_HOURS })}
        </InfoItem>
        <InfoItem icon={<ClockIcon className="h-5 w-5" />} title={t('info.hoursTitle')}>
          {t('info.hours')}
        </InfoItem>
        {config && (
          <>
            <InfoItem icon={<MailIcon className="h-5 w-5" />} title={t('info.emailTitle')}>
              <a href={`mailto:${config.contactEmail}`} className="font-medium break-all text-brand-700 hover:underline">
                {config.contactEmail}
              </a>
            </InfoItem>
            <InfoItem icon={<PhoneIcon className="h-5 w-5" />} title={t('info.phoneTitle')}>
              <a href={`tel:${config.contactPhone.replace(/\s+/g, '')}`} className="font-medium text-brand-700 hover:underline">
                {config.contactPhone}
              </a>
            </InfoItem>
          </>
        )}
      </ul>
    </aside>
  );
}
