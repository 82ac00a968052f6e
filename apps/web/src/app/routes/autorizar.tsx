import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { authorizationParamsOf } from '@/features/oauth/api/oauth';
import { ConsentScreen } from '@/features/oauth/components/consent-screen';
import { usePageMeta } from '@/lib/page-meta';

/** /autorizar?client_id=…: the OAuth consent screen (docs/decisions.md §33.3); sign-in comes first, and brings the person back here. */
export default function AuthorizeRoute() {
  const { t } = useTranslation('oauth');
  usePageMeta(t('metaTitle'));
  const [search] = useSearchParams();
  return <ConsentScreen params={authorizationParamsOf(search)} />;
}
