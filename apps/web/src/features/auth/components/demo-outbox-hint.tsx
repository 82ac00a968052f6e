import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '@/lib/public-config';
import { paths } from '@/lib/paths';

/**
 * On the demo set-up e-mails stay in the local outbox; say so where a user waits for
 * one, so nobody waits for a message that will never arrive.
 */
export function DemoOutboxHint() {
  const { t } = useTranslation('auth');
  const { data } = usePublicConfig();
  if (!data?.devOutbox || !data.demo.email) return null;
  return (
    <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200">
      {t('demoOutbox.text')}{' '}
      <Link to={paths.devMail.getHref()} className="font-semibold underline underline-offset-2">
        {t('demoOutbox.link')}
      </Link>
    </p>
  );
}
