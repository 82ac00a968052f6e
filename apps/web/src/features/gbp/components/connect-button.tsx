import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useGbpConnect } from '../hooks/use-gbp-connect';
import { GoogleIcon } from '@/components/ui/google-icon';

/**
 * docs/product.md §4: 'Reconectar' when the connection works (connected and not expired), otherwise
 * 'Conectar Google Business'. Both start the same OAuth round trip back to this page.
 */
export function ConnectButton({
  usable,
  variant,
  className = '',
}: {
  usable: boolean;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const { t } = useTranslation('gbp');
  const { connect, pending } = useGbpConnect();
  return (
    <Button
      variant={variant ?? (usable ? 'secondary' : 'primary')}
      loading={pending}
      onClick={connect}
      className={`shrink-0 whitespace-nowrap ${className}`}
    >
      {!pending && <GoogleIcon className="h-4 w-4" />}
      {usable ? t('connect.reconnect') : t('connect.connect')}
    </Button>
  );
}
