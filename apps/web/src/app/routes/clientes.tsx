import { useTranslation } from 'react-i18next';
import { ClientsPage } from '@/features/places/components/clients-page';
import { usePageMeta } from '@/lib/page-meta';

/** /clientes: the user's clients and which businesses they group (docs/decisions.md §25.1). */
export default function ClientsRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('clients.title'));
  return <ClientsPage />;
}
