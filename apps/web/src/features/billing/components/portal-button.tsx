import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { withServerReason } from '../utils/error-detail';

/**
 * Opens the provider's billing portal in a new tab; a failure shows
 * 'Error al abrir el portal de facturación.' under the button, followed by the server's
 * reason when it gave one (no payment provider configured, no customer yet).
 */
export function PortalButton({
  label,
  variant = 'secondary',
  className = '',
}: {
  label: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const { t } = useTranslation('billing');
  const portal = useOpenBillingPortal();
  return (
    <div className={className}>
      <Button variant={variant} onClick={portal.open} loading={portal.isPending} className="w-full sm:w-auto">
        {label}
        <ExternalLinkIcon className="h-4 w-4" />
        <span className="sr-only">{t('actions.newTab')}</span>
      </Button>
      {portal.isError && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {withServerReason(t('actions.portalError'), portal.error)}
        </p>
      )}
    </div>
  );
}
