import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailIcon, PhoneIcon } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';
import { SocialIcon, type SocialNetwork } from './social-icons';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { paths } from '@/lib/paths';

const productLinks = [
  { to: paths.howItWorks.getHref(), key: 'nav.howItWorks' },
  { to: paths.pricing.getHref(), key: 'nav.pricing' },
  { to: paths.buyCredits.getHref(), key: 'footer.buyCredits' },
  { to: paths.faq.getHref(), key: 'nav.faq' },
] as const;

const legalLinks = [
  { to: paths.legal.getHref('privacy'), key: 'footer.privacy' },
  { to: paths.legal.getHref('cookie'), key: 'footer.cookie' },
  { to: paths.legal.getHref('terms'), key: 'footer.terms' },
  { to: paths.legal.getHref('notice'), key: 'footer.notice' },
] as const;

// Placeholders until the company's profiles exist (docs/product.md §2): shown, but not links.
const socialNetworks: { icon: SocialNetwork; name: string }[] = [
  { icon: 'linkedin', name: 'LinkedIn' },
  { icon: 'instagram', name: 'Instagram' },
  { icon: 'facebook', name: 'Facebook' },
  { icon: 'youtube', name: 'YouTube' },
];

const linkClass = 'text-sm text-slate-300 transition-colors hover:text-white';

/** One titled column of footer links. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; key: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {t(link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function PublicFooter() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <footer className="relative bg-slate-950 text-slate-300">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-8 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
          <div>
            <Logo tone="light" />
            <p className="mt-4 max-w-xs text-sm leading-6 text-slate-400">{t('footer.tagline')}</p>
            <ul aria-label={t('footer.social')} className="mt-6 flex gap-3">
              {socialNetworks.map((network) => (
                <li key={network.name}>
                  <span
                    role="img"
                    aria-label={t('footer.socialSoon', { network: network.name })}
                    title={t('footer.socialSoon', { network: network.name })}
                    className="inline-flex h-9 w-9 items-center justify-center rounded-lg bg-white/5 text-slate-400 ring-1 ring-white/10"
                  >
                    <SocialIcon network={network.icon} className="h-4 w-4" />
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <FooterLinks id="footer-product" title={t('footer.product')} links={productLinks} />
          <FooterLinks id="footer-legal" title={t('footer.legal')} links={legalLinks} />
          <div>
            <h2 className="text-sm font-semibold text-white">{t('footer.contactTitle')}</h2>
            <ul className="mt-4 space-y-3">
              {config && (
                <>
                  <li>
                    <a href={`mailto:${config.contactEmail}`} className={`${linkClass} inline-flex items-center gap-2`}>
                      <MailIcon className="h-4 w-4 shrink-0 text-slate-500" />
                      <span className="sr-only">{t('footer.emailLabel')}: </span>
                      {config.contactEmail}
                    </a>
                  </li>
                  <li>
                    <a href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`} className={`${linkClass} inline-flex items-center gap-2`}>
                      <PhoneIcon className="h-4 w-4 shrink-0 text-slate-500" />
                      <span className="sr-only">{t('footer.phoneLabel')}: </span>
                      {config.contactPhone}
                    </a>
                  </li>
                </>
              )}
              <li>
                <Link to={paths.contact.getHref()} className={linkClass}>
                  {t('footer.writeUs')}
                </Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
            <p className="mt-1">{t('footer.madeIn')}</p>
          </div>
          <LanguageSwitch tone="dark" />
        </div>
      </div>
    </footer>
  );
}
