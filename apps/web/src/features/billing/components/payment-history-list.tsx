import { useTranslation } from 'react-i18next';
import type { PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import { formatMoney, formatShortDate } from '@/lib/format';
import { InvoiceLinks } from './invoice-links';
import { PaymentStatus } from './payment-status';

function usePaymentFormat() {
  const { t, i18n } = useTranslation('billing');
  const lang = i18n.language;
  return {
    date: (p: PaymentWithInvoice) => formatShortDate(p.date, lang),
    amount: (p: PaymentWithInvoice) => formatMoney(p.amount, p.currency, lang),
    period: (p: PaymentWithInvoice) =>
      p.period.start && p.period.end
        ? t('history.periodValue', { start: formatShortDate(p.period.start, lang), end: formatShortDate(p.period.end, lang) })
        : t('history.noPeriod'),
  };
}

/** Desktop: a table of date, description, status, period, amount and invoice. */
export function PaymentTable({ payments }: { payments: PaymentWithInvoice[] }) {
  const { t } = useTranslation('billing');
  const f = usePaymentFormat();
  const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';
  return (
    <div className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t('history.title')}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t('history.date')}
            </th>
            <th scope="col" className={th}>
              {t('history.description')}
            </th>
            <th scope="col" className={th}>
              {t('history.status')}
            </th>
            <th scope="col" className={th}>
              {t('history.period')}
            </th>
            <th scope="col" className={`${th} text-right!`}>
              {t('history.amount')}
            </th>
            <th scope="col" className={th}>
              {t('history.invoice')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {payments.map((p) => (
            <tr key={p.id} className="hover:bg-slate-50/60">
              <td className="px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums">{f.date(p)}</td>
              <td className="px-4 py-3 font-medium text-slate-900">{p.description}</td>
              <td className="px-4 py-3">
                <PaymentStatus status={p.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums">{f.period(p)}</td>
              <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">{f.amount(p)}</td>
              <td className="px-4 py-3">
                <InvoiceLinks payment={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Mobile: one card per payment. */
export function PaymentCards({ payments }: { payments: PaymentWithInvoice[] }) {
  const { t } = useTranslation('billing');
  const f = usePaymentFormat();
  return (
    <ul className="space-y-3 md:hidden">
      {payments.map((p) => (
        <li key={p.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{p.description}</p>
              <p className="mt-0.5 text-xs text-slate-500 tabular-nums">{f.date(p)}</p>
            </div>
            <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{f.amount(p)}</p>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{t('history.status')}</dt>
              <dd className="mt-1">
                <PaymentStatus status={p.status} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('history.period')}</dt>
              <dd className="mt-1 text-slate-700 tabular-nums">{f.period(p)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">{t('history.invoice')}</dt>
              <dd className="mt-1">
                <InvoiceLinks payment={p} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
