import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { useMenu } from '@/lib/use-menu';
import { paths } from '@/lib/paths';
import { MenuToggleButton } from '@/components/ui/menu-toggle-button';

const desktopLinks = [
  { to: paths.howItWorks.getHref(), key: 'nav.howItWorks' },
  { to: paths.pricing.getHref(), key: 'nav.pricing' },
  { to: paths.faq.getHref(), key: 'nav.faq' },
  { to: paths.contact.getHref(), key: 'nav.contact' },
] as const;

// docs/product.md §2: the signed-out mobile menu holds exactly these four entries.
const mobileLinks = [
  { to: paths.root.getHref(), key: 'nav.home' },
  { to: paths.contact.getHref(), key: 'nav.contact' },
  { to: paths.signin.getHref(), key: 'nav.signin' },
  { to: paths.signup.getHref(), key: 'nav.signupMobile' },
] as const;

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3 ${isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'}`;

/** The fixed header of the public site, with its mobile menu below 768px. */
export function PublicHeader() {
  const { t } = useTranslation();
  const menu = useMenu();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur-md supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label={t('nav.main')} className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {desktopLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={desktopLinkClass}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-1.5 md:flex lg:gap-2">
          <NavLink to={paths.signin.getHref()} className={desktopLinkClass}>
            {t('nav.signin')}
          </NavLink>
          <Link to={paths.signup.getHref()} className={`${buttonClass('primary')} whitespace-nowrap shadow-sm shadow-brand-700/20`}>
            {t('nav.signup')}
          </Link>
        </div>
        <div className="flex items-center gap-2 md:hidden">
          {/* The bar's call to sign up reads as on a desktop (issue 27); the menu keeps the spec's «Registrarse». */}
          <Link to={paths.signup.getHref()} className={`${buttonClass('primary')} px-3 py-2`}>
            {t('nav.signup')}
          </Link>
          <MenuToggleButton menu={menu} controls="public-mobile-menu" />
        </div>
      </div>
      <div
        id="public-mobile-menu"
        ref={menu.panelRef}
        hidden={!menu.open}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-5 shadow-lg md:hidden"
      >
        <nav aria-label={t('nav.mobileMenu')}>
          <ul className="flex flex-col">
            {mobileLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  onClick={() => menu.close()}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-50'}`
                  }
                >
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-3 border-t border-slate-100 px-3 pt-4">
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
