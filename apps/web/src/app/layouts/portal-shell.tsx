import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LogOutIcon } from 'lucide-react';
import type { ReportBrandSettings } from '@rankmaps/shared/schemas/report-brand';
import { PageLoader } from '@/components/ui/spinner';
import { useClients } from '@/features/places/api/clients';
import { reportBrandKeys } from '@/features/white-label/api/report-brand';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { paths } from '@/lib/paths';
import { BrandMark } from '@/features/team/components/brand-mark';
import { WorkspaceSwitcher } from '@/features/team/components/workspace-switcher';
import type { WorkspaceBrand } from '@/lib/workspace/types';
import { useWorkspace } from '@/lib/workspace/use-workspace';

/**
 * The agency's white-label as the portal wears it: the saved report brand when this role may
 * read it, else the brand GET /api/workspaces carries. «Hecho con RankMaps» stays unless the
 * plan lets the agency remove it and it did (docs/decisions.md §24.5), which the workspace's
 * `poweredBy` says for a Cliente, who may not read the brand's settings.
 */
function usePortalBrand(): { brand: WorkspaceBrand | null; poweredBy: boolean } {
  const workspace = useWorkspace();
  const saved = useQuery({
    queryKey: reportBrandKeys.settings,
    queryFn: ({ signal }) => api<ReportBrandSettings>('/report-brand', { signal }),
    retry: false,
    staleTime: 300_000,
  });
  const s = saved.data;
  if (s?.allowed && s.name) {
    return { brand: { name: s.name, logoUrl: s.logoUrl, primaryColor: s.accent }, poweredBy: !(s.hidePoweredBy && s.canHidePoweredBy) };
  }
  return { brand: workspace.brand, poweredBy: workspace.poweredBy };
}

/**
 * A Cliente's portal (docs/decisions.md §30.7): the agency's brand in the header, their
 * businesses, results, trend, comparisons and report PDFs — the same screens as the agency
 * app, whose spending, editing and sharing controls the permission table hides. No credits,
 * no plan. Phone-first: one column, the three links in a row under the brand.
 */
export default function PortalShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('team');
  const { t: tc } = useTranslation();
  const { pathname } = useLocation();
  const { logout } = useSession();
  const workspace = useWorkspace();
  const { brand, poweredBy } = usePortalBrand();
  const clients = useClients();
  const clientLogo = clients.data?.clients.find((c) => c.logoUrl);
  const name = brand?.name || workspace.name || tc('brand');
  const links = [
    { to: paths.root.getHref(), label: t('portal.businesses') },
    { to: paths.portfolio.getHref(), label: t('portal.portfolio') },
    { to: paths.profile.getHref(), label: t('portal.profile') },
  ];
  const isActive = (to: string) =>
    to === paths.root.getHref() ? pathname === to || pathname.startsWith(paths.rankmap.getHref()) : pathname.startsWith(to);
  return (
    <div className="min-h-screen bg-slate-50" data-testid="client-portal">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {tc('skipToContent')}
      </a>
      <header
        className="border-t-4 border-brand-700 bg-white shadow-sm"
        style={brand?.primaryColor ? { borderTopColor: brand.primaryColor } : undefined}
      >
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <Link to={paths.root.getHref()} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
            <BrandMark brand={brand} fallbackName={name} className="h-10 w-10" />
            <span className="truncate text-base font-semibold text-slate-900" data-testid="portal-brand">
              {name}
            </span>
          </Link>
          {clientLogo?.logoUrl && (
            <img src={clientLogo.logoUrl} alt={clientLogo.name} className="h-10 w-auto max-w-24 shrink-0 object-contain" />
          )}
          <button
            type="button"
            onClick={logout}
            aria-label={tc('app.logout')}
            title={tc('app.logout')}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <LogOutIcon className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <nav aria-label={t('portal.nav')} className="mx-auto max-w-5xl px-2">
          <ul className="flex gap-1 overflow-x-auto">
            {links.map((link) => {
              const active = isActive(link.to);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={active ? 'page' : undefined}
                    className={`inline-flex border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${active ? 'border-brand-700 text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 outline-none sm:px-6">
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </main>
      <footer className="mx-auto max-w-5xl space-y-4 px-4 pb-8 text-sm text-slate-600 sm:px-6">
        <WorkspaceSwitcher id="workspace-switcher-portal" className="max-w-sm" />
        {poweredBy && <p data-testid="powered-by">{t('portal.poweredBy')}</p>}
      </footer>
    </div>
  );
}
