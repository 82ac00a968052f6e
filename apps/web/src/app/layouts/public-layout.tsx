import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/ui/spinner';

// Placeholder shell: header, gradients, footer and mobile menu are built with the public site.
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 p-4">
        <Link to="/" className="font-bold text-brand-700">
          {t('brand')}
        </Link>
      </header>
      <main>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
    </div>
  );
}
