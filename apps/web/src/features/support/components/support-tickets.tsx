import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReplyBox, TicketThread } from '@/components/support/ticket-thread';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { useSupportTickets } from '../api/get-support-tickets';
import { useReplyToTicket, useSupportTicketThread } from '../api/ticket-thread';

const MADRID = 'Europe/Madrid';

/** One ticket's conversation under the list: the thread, the state, and the reply box (a reply reopens it). */
function TicketConversation({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation('support');
  const thread = useSupportTicketThread(reference);
  const reply = useReplyToTicket(reference);
  return (
    <section aria-labelledby="support-thread-title" data-testid="support-thread" className="mt-6 space-y-4 border-t border-slate-200 pt-5">
      <h3 id="support-thread-title" className="text-base font-semibold text-slate-900">
        {t('thread.title', { reference })}
      </h3>
      <QueryState query={thread} loading={t('thread.loading')} error={t('thread.error')}>
        {(data) => (
          <>
            <p className="text-sm text-slate-600">
              {t('thread.state')}: <strong className="text-slate-900">{t(`tickets.states.${data.state}`)}</strong>
            </p>
            <TicketThread
              messages={data.messages}
              labels={{ list: t('thread.list'), author: { cliente: t('thread.you'), operador: t('thread.team') } }}
              formatDate={(iso) => formatDateTime(iso, i18n.language, MADRID)}
            />
            <ReplyBox
              pending={reply.isPending}
              onSend={(body) => reply.mutateAsync(body)}
              labels={{
                field: t('thread.reply'),
                submit: t('thread.send'),
                sending: t('form.sending'),
                counter: (count, max) => t('form.counter', { count, max }),
                failed: t('thread.failed'),
              }}
            />
            {data.state === 'cerrado' && <p className="text-sm text-slate-600">{t('thread.closedHint')}</p>}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The user's tickets under the form: reference, subject, date and state, newest activity first; each opens its conversation. */
export function SupportTickets() {
  const { t, i18n } = useTranslation('support');
  const tickets = useSupportTickets();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="support-tickets-title"
      data-testid="support-tickets"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="support-tickets-title" className="text-lg font-semibold text-slate-900">
        {t('tickets.title')}
      </h2>
      <QueryState
        query={tickets}
        loading={t('tickets.loading')}
        error={t('tickets.error')}
        className="mt-3"
        isEmpty={(list) => list.length === 0}
        empty={<p className="mt-3 text-sm text-slate-600">{t('tickets.empty')}</p>}
      >
        {(list) => (
          <div className="relative mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <ColumnHeaders className="py-2 pr-4 font-medium" labels={[t('tickets.reference'), t('tickets.subject'), t('tickets.date'), t('tickets.state')]} />
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('tickets.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((ticket) => (
                  <tr key={ticket.reference}>
                    <td className="py-2 pr-4 font-mono text-xs whitespace-nowrap text-slate-700">{ticket.reference}</td>
                    <td className="py-2 pr-4 break-words text-slate-900">{ticket.subject}</td>
                    <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatShortDate(ticket.createdAt, i18n.language)}</td>
                    <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{t(`tickets.states.${ticket.state}`)}</td>
                    <td className="py-2 whitespace-nowrap">
                      <button
                        type="button"
                        aria-expanded={open === ticket.reference}
                        aria-controls={open === ticket.reference ? 'support-thread-title' : undefined}
                        onClick={() => setOpen(open === ticket.reference ? null : ticket.reference)}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {open === ticket.reference ? t('tickets.hide') : t('tickets.open')}
                        <span className="sr-only"> {ticket.reference}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {open && <TicketConversation reference={open} />}
    </section>
  );
}
