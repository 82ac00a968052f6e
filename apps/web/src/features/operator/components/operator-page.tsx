import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TICKET_STATES, type SupportTicketState } from '@rankmaps/shared/schemas/support';
import { EyeIcon } from 'lucide-react';
import { ReplyBox, TicketThread } from '@/components/support/ticket-thread';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/format';
import { useAnswerTicket, useLookAtCustomer, useOperatorTicket, useOperatorTickets, useSetTicketState } from '../api/operator-api';
import { VideoBookingsSection } from './video-bookings-section';

const MADRID = 'Europe/Madrid';
const selectClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** The customer panel: plan and businesses, read-only, fetched only when the operator asks; each look is logged by the server. */
function CustomerPanel({ reference }: { reference: string }) {
  const { t } = useTranslation('operator');
  const look = useLookAtCustomer(reference);
  return (
    <section aria-labelledby="operator-customer-title" data-testid="operator-customer" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h3 id="operator-customer-title" className="text-base font-semibold text-slate-900">
        {t('customer.title')}
      </h3>
      <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="operator-audit-note">
        {t('customer.auditNote')}
      </p>
      <Button variant="secondary" className="mt-3" loading={look.isPending} onClick={() => look.mutate()}>
        <EyeIcon aria-hidden="true" className="h-4 w-4" />
        {t('customer.show')}
      </Button>
      {look.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('customer.error')}
        </p>
      )}
      {look.data && (
        <dl className="mt-4 space-y-3 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('customer.plan')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="operator-customer-plan">
              {look.data.plan.id ? look.data.plan.name : t('customer.free')}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('customer.liveSupport')}</dt>
            <dd className="text-slate-900">{look.data.plan.liveSupport ? t('customer.yes') : t('customer.no')}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('customer.places')}</dt>
            <dd className="text-slate-900">
              {look.data.places.length === 0 ? (
                t('customer.noPlaces')
              ) : (
                <ul className="list-disc pl-5" data-testid="operator-customer-places">
                  {look.data.places.map((p, i) => (
                    <li key={`${p.name}-${i}`} className="break-words">
                      {p.name}
                      {p.address ? <span className="text-slate-600"> · {p.address}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function TicketDetail({ reference }: { reference: string }) {
  const { t, i18n } = useTranslation('operator');
  const ticket = useOperatorTicket(reference);
  const answer = useAnswerTicket(reference);
  const setState = useSetTicketState(reference);
  const [after, setAfter] = useState<SupportTicketState>('esperando');
  const [state, setStateChoice] = useState<SupportTicketState | ''>('');
  const [sent, setSent] = useState(false);
  useEffect(() => {
    setSent(false);
    setStateChoice('');
    setAfter('esperando');
  }, [reference]);

  return (
    <QueryState query={ticket} loading={t('loading')} error={t('ticket.error')}>
      {(data) => (
        <div className="space-y-6">
          <section aria-labelledby="operator-ticket-title" data-testid="operator-ticket" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <header>
              <p className="font-mono text-xs text-slate-600">{data.reference}</p>
              <h2 id="operator-ticket-title" className="text-lg font-semibold break-words text-slate-900">
                {data.subject}
              </h2>
              <p className="mt-1 text-sm break-words text-slate-600">
                {t('ticket.customer')}: {data.customerName} · {data.customerEmail}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {t('ticket.state')}: <strong className="text-slate-900" data-testid="operator-ticket-state">{t(`states.${data.state}`)}</strong>
              </p>
            </header>
            <TicketThread
              messages={data.messages}
              labels={{ list: t('thread.list'), author: { cliente: t('thread.customer'), operador: t('thread.operator') } }}
              formatDate={(iso) => formatDateTime(iso, i18n.language, MADRID)}
            />
            <ReplyBox
              pending={answer.isPending}
              onSend={async (body) => {
                setSent(false);
                await answer.mutateAsync({ body, state: after });
                setSent(true);
              }}
              labels={{
                field: t('thread.reply'),
                submit: t('thread.send'),
                sending: t('thread.sending'),
                counter: (count, max) => t('thread.counter', { count, max }),
                failed: t('thread.failed'),
              }}
              extra={
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  {t('thread.stateAfter')}
                  <TicketStateSelect value={after} onChange={setAfter} />
                </label>
              }
            />
            {sent && (
              <p role="status" className="text-sm text-emerald-700">
                {t('thread.sent')}
              </p>
            )}
            <form
              className="flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (state) setState.mutate(state);
              }}
            >
              <label className="flex flex-col gap-1 text-sm text-slate-700">
                {t('ticket.changeState')}
                <TicketStateSelect value={state || data.state} onChange={setStateChoice} />
              </label>
              <Button type="submit" variant="secondary" loading={setState.isPending} disabled={!state || state === data.state}>
                {t('ticket.apply')}
              </Button>
            </form>
          </section>
          <CustomerPanel key={reference} reference={reference} />
        </div>
      )}
    </QueryState>
  );
}

/**
 * /operator (docs/support.md): the operator's inbox. Tickets filterable by state, newest activity
 * first; a ticket's thread with a reply box and its state; the customer panel; the upcoming
 * video calls («Videollamadas»); and «Chats en vivo» (the live chats, which the route passes in
 * from the chat feature).
 */
export function OperatorPage({ liveChats }: { liveChats?: ReactNode }) {
  const { t, i18n } = useTranslation('operator');
  const [filter, setFilter] = useState<SupportTicketState | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const tickets = useOperatorTickets(filter);
  return (
    <div data-page="operator" className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('lead')}</p>
      </header>
      {liveChats}
      <div className="grid gap-6 lg:grid-cols-5">
        <section aria-labelledby="operator-list-title" className="min-w-0 space-y-3 lg:col-span-2">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="operator-list-title" className="text-lg font-semibold text-slate-900">
              {t('list.title')}
            </h2>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t('filter.label')}
              <select className={selectClass} value={filter ?? ''} onChange={(e) => setFilter((e.target.value || null) as SupportTicketState | null)}>
                <option value="">{t('filter.all')}</option>
                {SUPPORT_TICKET_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`states.${s}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <QueryState
            query={tickets}
            loading={t('loading')}
            error={t('list.error')}
            isEmpty={(list) => list.length === 0}
            empty={<p className="text-sm text-slate-600">{t('list.empty')}</p>}
          >
            {(list) => (
              <ul className="space-y-2" data-testid="operator-tickets">
                {list.map((ticket) => (
                  <li key={ticket.reference}>
                    <button
                      type="button"
                      aria-pressed={selected === ticket.reference}
                      onClick={() => setSelected(ticket.reference)}
                      className={`w-full rounded-xl p-3 text-left text-sm ring-1 transition hover:bg-slate-50 ${selected === ticket.reference ? 'bg-brand-50 ring-brand-300' : 'bg-white ring-slate-200'}`}
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="font-mono text-xs text-slate-600">{ticket.reference}</span>
                        <span className="text-xs text-slate-600">{formatDateTime(ticket.lastActivityAt, i18n.language, MADRID)}</span>
                      </span>
                      <span className="mt-1 block font-semibold break-words text-slate-900">{ticket.subject}</span>
                      <span className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
                        <span className="break-all">{ticket.customerEmail}</span>
                        <span>{t(`states.${ticket.state}`)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </section>
        <div className="min-w-0 lg:col-span-3">{selected ? <TicketDetail reference={selected} /> : <p className="text-sm text-slate-600">{t('ticket.none')}</p>}</div>
      </div>
      {/* Its own namespace loads late: its own Suspense, so the inbox never blanks while it does. */}
      <Suspense fallback={null}>
        <VideoBookingsSection />
      </Suspense>
    </div>
  );
}

/** A ticket state to pick, in the operator's words. */
function TicketStateSelect({ value, onChange }: { value: SupportTicketState; onChange: (state: SupportTicketState) => void }) {
  const { t } = useTranslation('operator');
  return (
    <select className={selectClass} value={value} onChange={(e) => onChange(e.target.value as SupportTicketState)}>
      {SUPPORT_TICKET_STATES.map((s) => (
        <option key={s} value={s}>
          {t(`states.${s}`)}
        </option>
      ))}
    </select>
  );
}
