import type { Report, ReportBrand, ReportClient } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';
import { clientsRepository } from '../clients/clients.repository';
import type { ReportPdfAssets } from './pdf';
import { reportBrandRepository } from './report-brand.repository';
import { clientLogoKeyOf, clientLogoUrlOf } from './report-logo-files';
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

/**
 * `{ client }` when the owner's place is grouped under a client, with only its name and logo
 * («Informe para {client}», docs/decisions.md §25.1); `{}` otherwise, so a report without a
 * client is the document it was before. The place is read with its owner, so no other user's
 * client can be named. The logo shows while the plan allows white-label, as the agency's does.
 */
export async function reportClientFor(container: Pick<Container, 'config' | 'database'>, ownerId: string, placeId: string): Promise<{ client?: ReportClient }> {
  const row = await clientsRepository.ofPlace(container.database.db, ownerId, placeId);
  if (!row) return {};
  const withLogo = row.logoKey !== null && (await brandAccess(container, ownerId)).whiteLabel;
  return { client: { name: row.name, logoUrl: withLogo ? clientLogoUrlOf(row.logoKey) : null } };
}

/**
 * The logos a report's PDF draws, read from storage only when the document names them: the
 * brand's (`reportLogoFor`) and its client's, found by the key in `report.client.logoUrl`.
 */
export async function reportPdfAssetsFor(container: Pick<Container, 'config' | 'database' | 'storage'>, ownerId: string, report: Report): Promise<ReportPdfAssets> {
  const clientKey = clientLogoKeyOf(report.client?.logoUrl);
  const [logoPng, client] = await Promise.all([
    report.brand.logoUrl ? reportLogoFor(container, ownerId) : null,
    clientKey ? clientsRepository.findByLogoKey(container.database.db, clientKey) : undefined,
  ]);
  const clientLogoPng = (client?.logo && (await container.storage.get(client.logo))) || null;
  return { logoPng, clientLogoPng };
}
