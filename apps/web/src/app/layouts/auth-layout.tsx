import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/spinner';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { paths } from '@/lib/paths';

/** The bare layout of sign-in, sign-up and password reset. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="relative isolate flex min-h-screen flex-col items-center overflow-hidden bg-slate-50 px-4 py-10">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 -left-24 h-96 w-96 rounded-full bg-brand-200/60 blur-3xl" />
        <div className="absolute right-[-6rem] bottom-[-6rem] h-[26rem] w-[26rem] rounded-full bg-cyan-100/80 blur-3xl" />
      </div>
      {/* A banner landmark, so the logo is not content outside every landmark (axe 'region'). */}
      <header className="mb-8">
        <Logo />
      </header>
      <main id="main" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="mt-8 flex flex-col items-center gap-4 text-xs text-slate-500">
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            <li>
              <Link to={paths.legal.getHref('privacy')} className="hover:text-slate-800">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to={paths.legal.getHref('terms')} className="hover:text-slate-800">
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to={paths.contact.getHref()} className="hover:text-slate-800">
                {t('nav.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
      </footer>
    </div>
  );
}
