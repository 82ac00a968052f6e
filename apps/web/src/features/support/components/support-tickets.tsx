import { useTranslation } from 'react-i18next';
import { formatShortDate } from '@/lib/format';
import { useSupportTickets } from '../api/get-support-tickets';

/** The user's tickets under the form: reference, subject, date and state, newest first (docs/decisions.md §22.5). */
export function SupportTickets() {
  const { t, i18n } = useTranslation('support');
  const tickets = useSupportTickets();
  return (
    <section
      aria-labelledby="support-tickets-title"
      data-testid="support-tickets"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="support-tickets-title" className="text-lg font-semibold text-slate-900">
        {t('tickets.title')}
      </h2>
      {tickets.isPending ? (
        <p className="mt-3 text-sm text-slate-500">{t('tickets.loading')}</p>
      ) : tickets.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('tickets.error')}
        </p>
      ) : tickets.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('tickets.empty')}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('tickets.reference')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('tickets.subject')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('tickets.date')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('tickets.state')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tickets.data.map((ticket) => (
                <tr key={ticket.reference}>
                  <td className="py-2 pr-4 font-mono text-xs whitespace-nowrap text-slate-700">{ticket.reference}</td>
                  <td className="py-2 pr-4 break-words text-slate-900">{ticket.subject}</td>
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatShortDate(ticket.createdAt, i18n.language)}</td>
                  <td className="py-2 whitespace-nowrap text-slate-600">{t(`tickets.states.${ticket.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
