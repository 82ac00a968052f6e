import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/spinner';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { paths } from '@/lib/paths';

/** Soft colour fields behind the content; the home page gets a fuller wash and a dot grid. */
function Backdrop({ home }: { home: boolean }) {
  if (home) {
    return (
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[56rem] max-h-full overflow-hidden">
        <div className="absolute inset-0 bg-linear-to-b from-brand-50 via-sky-50/60 to-white" />
        <div
          className="absolute inset-0 opacity-70"
          style={{
            backgroundImage: 'radial-gradient(circle at 1px 1px, rgb(37 99 235 / 0.14) 1px, transparent 0)',
            backgroundSize: '26px 26px',
            maskImage: 'radial-gradient(ellipse 80% 60% at 50% 30%, #000 40%, transparent 100%)',
          }}
        />
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-linear-to-tr from-brand-300/40 via-cyan-200/40 to-emerald-200/30 blur-3xl" />
      </div>
    );
  }
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[40rem] max-h-full overflow-hidden">
      <div className="absolute -top-24 -left-32 h-96 w-96 rounded-full bg-brand-200/50 blur-3xl" />
      <div className="absolute -top-10 right-[-8rem] h-[28rem] w-[28rem] rounded-full bg-cyan-100/70 blur-3xl" />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-linear-to-b from-transparent to-white" />
    </div>
  );
}

/** The visitor's layout: fixed header, decorative backgrounds, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const home = pathname === paths.root.getHref() || pathname === paths.landing.getHref();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="relative isolate flex-1 pt-16 outline-none">
        <Backdrop home={home} />
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
