import type { ReportBrand } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { reportBrandRepository } from './report-brand.repository';
import { brandAccess, logoUrlOf } from './report-brand.service';

/** RankMaps' own signature: a report of a user without white-label. */
export const RANKMAPS_BRAND: ReportBrand = {
  name: 'RankMaps',
  logoUrl: null,
  accent: '#2563eb',
  contact: null,
  footer: null,
  poweredBy: false,
  whiteLabel: false,
};

/**
 * How a user's reports are signed: their agency's brand on a professional plan with
 * white-label set up (a name saved), RankMaps' otherwise (docs/reports.md, "White-label").
 * A user who moves to a plan without white-label loses it in the reports; the settings stay
 * and sign them again if the plan comes back. «Hecho con RankMaps» shows on every white-label
 * report except an Enterprise one that removed it.
 */
export async function reportBrandFor(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<ReportBrand> {
  const [row, access] = await Promise.all([reportBrandRepository.find(container.database.db, userId), brandAccess(container, userId)]);
  if (!row?.name || !access.whiteLabel) return RANKMAPS_BRAND;
  return {
    name: row.name,
    logoUrl: logoUrlOf(row.logoKey),
    accent: row.accent,
    contact: row.contact,
    footer: row.footer,
    poweredBy: !(access.hidePoweredBy && row.hidePoweredBy),
    whiteLabel: true,
  };
}

/** The PNG bytes of the logo `reportBrandFor` names (for the PDF), or null without one. */
export async function reportLogoFor(container: Pick<Container, 'config' | 'database' | 'storage'>, userId: string): Promise<Buffer | null> {
  const brand = await reportBrandFor(container, userId);
  if (!brand.logoUrl) return null;
  const row = await reportBrandRepository.find(container.database.db, userId);
  return (row?.logo && (await container.storage.get(row.logo))) || null;
}
