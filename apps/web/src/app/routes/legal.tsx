import { useParams } from 'react-router';
import { isLegalDoc } from '@/features/legal/legal-docs';
import { LegalPage } from '@/features/legal/legal-page';
import NotFoundPage from './not-found';

/** /legal/:doc — privacy, cookie, terms and notice; any other document is not found. */
export default function LegalRoute() {
  const { doc } = useParams();
  return isLegalDoc(doc) ? <LegalPage doc={doc} /> : <NotFoundPage />;
}
