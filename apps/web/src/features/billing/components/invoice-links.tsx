import { useTranslation } from 'react-i18next';
import type { PaymentItem } from '@rankmaps/shared/schemas/billing';

/** Links to the provider's invoice page and PDF, when the payment has them. */
export function InvoiceLinks({ payment }: { payment: PaymentItem }) {
  const { t } = useTranslation('billing');
  if (!payment.invoiceUrl && !payment.invoicePdf) return <span className="text-slate-400">{t('history.noInvoice')}</span>;
  const link = 'font-medium text-brand-700 underline-offset-2 hover:underline';
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      {payment.invoiceUrl && (
        <a href={payment.invoiceUrl} target="_blank" rel="noopener noreferrer" className={link}>
          {t('history.viewInvoice')}
          <span className="sr-only"> ({t('actions.newTab')})</span>
        </a>
      )}
      {payment.invoicePdf && (
        <a href={payment.invoicePdf} target="_blank" rel="noopener noreferrer" className={link}>
          {t('history.downloadPdf')}
          <span className="sr-only"> ({t('actions.newTab')})</span>
        </a>
      )}
    </span>
  );
}
