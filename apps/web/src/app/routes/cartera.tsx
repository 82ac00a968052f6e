import { useTranslation } from 'react-i18next';
import { PortfolioPage } from '@/features/places/components/portfolio-page';
import { usePageMeta } from '@/lib/page-meta';

/** /cartera: every keyword of every business (docs/decisions.md §25.1). */
export default function PortfolioRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('portfolio.title'));
  return <PortfolioPage />;
}
