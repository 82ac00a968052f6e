import { useTranslation } from 'react-i18next';
import type { OutboxEmail } from '../api/get-dev-mail';
import { LinkifiedText } from './linkified-text';

const dateFormat = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Madrid' });

const statusTone: Record<string, string> = {
  queued: 'bg-amber-100 text-amber-800',
  sent: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

function OutboxItem({ email }: { email: OutboxEmail }) {
  const { t } = useTranslation('devmail');
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <article aria-labelledby={`mail-${email.id}`}>
        <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <h2 id={`mail-${email.id}`} className="text-base font-semibold text-slate-900">
            {email.subject}
          </h2>
          <span
            className={`w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${statusTone[email.status] ?? 'bg-slate-100 text-slate-700'}`}
          >
            <span className="sr-only">{t('status.label')}: </span>
            {t(`status.${email.status}`, { defaultValue: email.status })}
          </span>
        </header>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('to')}</dt>
          <dd className="break-all text-slate-800">{email.to}</dd>
          <dt className="text-slate-500">{t('date')}</dt>
          <dd className="text-slate-800">
            <time dateTime={email.createdAt}>{dateFormat.format(new Date(email.createdAt))}</time>
          </dd>
          <dt className="text-slate-500">{t('kind')}</dt>
          {/* A kind without a name reads «Otro», never the code's own word («receipt»). */}
          <dd className="text-slate-800">{t(`kinds.${email.kind}`, { defaultValue: t('kinds.other') })}</dd>
        </dl>
        <div className="mt-4 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-100 sm:p-4">
          <LinkifiedText text={email.text} />
        </div>
      </article>
    </li>
  );
}

export function OutboxList({ emails }: { emails: OutboxEmail[] }) {
  return (
    <ul className="space-y-4">
      {emails.map((email) => (
        <OutboxItem key={email.id} email={email} />
      ))}
    </ul>
  );
}
