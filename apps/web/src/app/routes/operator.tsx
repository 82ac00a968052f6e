import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { OperatorPage } from '@/features/operator/components/operator-page';
import { isNotOperator, useOperatorTickets } from '@/features/operator/api/operator-api';
import { usePageMeta } from '@/lib/page-meta';
import NotFoundPage from './not-found';

// The live chats load the `chat` texts: in a Suspense of their own, so the inbox never blanks.
const OperatorLiveChats = lazy(() => import('@/features/chat/components/operator-live-chats'));

/**
 * /operator: the support operator's inbox. The server says who is an operator (GET
 * /api/operator/tickets answers 404 to everyone else); for them this page is the app's
 * «not found» page and draws nothing of the inbox.
 */
export default function OperatorRoute() {
  const { t } = useTranslation('operator');
  const access = useOperatorTickets(null);
  if (access.isError && isNotOperator(access.error)) return <NotFoundPage />;
  return <OperatorRouteInner title={t('meta.title')} ready={access.isSuccess} />;
}

function OperatorRouteInner({ title, ready }: { title: string; ready: boolean }) {
  usePageMeta(title);
  return ready ? (
    <OperatorPage
      liveChats={
        <Suspense fallback={<Spinner className="h-5 w-5" />}>
          <OperatorLiveChats />
        </Suspense>
      }
    />
  ) : null;
}
