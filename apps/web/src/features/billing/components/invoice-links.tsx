import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentInvoice, PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError, apiDownload } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const link = 'font-medium text-brand-700 underline-offset-2 hover:underline disabled:cursor-wait disabled:opacity-60';

/**
 * «Descargar factura» (docs/billing.md, "Invoices"): Stripe's PDF of a Stripe invoice, in a new
 * tab; RankMaps' own invoice drawn by the server, downloaded with the session.
 */
function InvoiceDownload({ invoice }: { invoice: PaymentInvoice }) {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (invoice.providerPdfUrl) {
    return (
      <a href={invoice.providerPdfUrl} target="_blank" rel="noopener noreferrer" className={link}>
        {t('history.downloadInvoice')}
        <span className="sr-only"> ({t('actions.newTab')})</span>
      </a>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await apiDownload(
        `/payment/invoices/${encodeURIComponent(invoice.id)}/pdf`,
        `factura-${invoice.number}.pdf`,
      );
      saveFile(blob, filename);
    } catch (err) {
      toast({
        type: 'error',
        message: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('history.downloadInvoiceError'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={link} disabled={busy} aria-busy={busy} onClick={() => void download()} data-testid="invoice-download">
      {busy ? t('history.downloadingInvoice') : t('history.downloadInvoice')}
    </button>
  );
}

/** The payment's invoice (its number and «Descargar factura»), and the provider's invoice page when there is one. */
export function InvoiceLinks({ payment }: { payment: PaymentWithInvoice }) {
  const { t } = useTranslation('billing');
  const { invoice } = payment;
  if (!invoice && !payment.invoiceUrl && !payment.invoicePdf) return <span className="text-slate-400">{t('history.noInvoice')}</span>;
  return (
    <span className="inline-flex flex-col gap-1">
      {invoice && (
        <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums" data-testid="invoice-number">
          {t('history.invoiceNumber', { number: invoice.number })}
        </span>
      )}
      <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
        {invoice ? (
          <InvoiceDownload invoice={invoice} />
        ) : (
          payment.invoicePdf && (
            <a href={payment.invoicePdf} target="_blank" rel="noopener noreferrer" className={link}>
              {t('history.downloadPdf')}
              <span className="sr-only"> ({t('actions.newTab')})</span>
            </a>
          )
        )}
        {payment.invoiceUrl && (
          <a href={payment.invoiceUrl} target="_blank" rel="noopener noreferrer" className={link}>
            {t('history.viewInvoice')}
            <span className="sr-only"> ({t('actions.newTab')})</span>
          </a>
        )}
      </span>
    </span>
  );
}
