import { availabilityLabelEs, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import type { ReportBrandSettings, ReportBrandSettingsBody } from '@rankmaps/shared/schemas/report-brand';
import type { Container } from '../../container';
import { forbidden } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { hidePoweredByUpgradeMessage, whiteLabelUpgradeMessage } from '../billing/upgrade-messages';
import { type UploadedPicture, discardProfilePicture } from '../users/profile-picture.service';
import { type ReportBrandRow, reportBrandRepository } from './report-brand.repository';
import { isLogoKey, storeLogo } from './report-logo-files';

// White-label (docs/reports.md "White-label", docs/decisions.md §24.5).

type Deps = Pick<Container, 'config' | 'database'>;

/** RankMaps' accent, the settings' default until the agency picks its own. */
export const DEFAULT_ACCENT = '#2563eb';

/** What the user's current plan allows: white-label on professional plans, removing «Hecho con RankMaps» on Enterprise. */
export interface BrandAccess {
  currentPlan: string;
  whiteLabel: boolean;
  hidePoweredBy: boolean;
}

/**
 * From the current subscription. While developer tools are on, the development panel's plan
 * type counts too (a 'free' or 'basic' override takes white-label away), as for other features.
 */
export async function brandAccess(container: Deps, userId: string): Promise<BrandAccess> {
  const state = await getCurrentPlanState(container, userId);
  const whiteLabel = state.plan?.category === 'professional' && state.planLimits.type === 'pro';
  return { currentPlan: state.currentPlan, whiteLabel, hidePoweredBy: whiteLabel && state.plan?.id === 'pro_enterprise' };
}

export const logoUrlOf = (logoKey: string | null | undefined) => (logoKey ? `/api/report-brand/logo/${logoKey}.png` : null);

function present(row: ReportBrandRow | undefined, access: BrandAccess): ReportBrandSettings {
  return {
    name: row?.name ?? null,
    accent: row?.accent ?? DEFAULT_ACCENT,
    contact: row?.contact ?? null,
    footer: row?.footer ?? null,
    hidePoweredBy: row?.hidePoweredBy ?? false,
    logoUrl: logoUrlOf(row?.logoKey),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    allowed: access.whiteLabel,
    canHidePoweredBy: access.hidePoweredBy,
    upgradeLabel: access.whiteLabel ? null : availabilityLabelEs(cheapestPlanFor({ kind: 'whiteLabel' }, access.currentPlan)),
    poweredByLabel: access.hidePoweredBy ? null : availabilityLabelEs(cheapestPlanFor({ kind: 'hidePoweredBy' }, access.currentPlan)),
  };
}

/** GET /api/report-brand: the saved settings (or the defaults) and what the plan allows now. */
export async function getBrandSettings(container: Deps, userId: string): Promise<ReportBrandSettings> {
  const [row, access] = await Promise.all([reportBrandRepository.find(container.database.db, userId), brandAccess(container, userId)]);
  return present(row, access);
}

function requireWhiteLabel(access: BrandAccess): void {
  if (!access.whiteLabel) throw forbidden(whiteLabelUpgradeMessage(access.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
}

/** PUT /api/report-brand: the whole settings, on a professional plan; hidePoweredBy only on Enterprise. */
export async function saveBrandSettings(container: Deps, userId: string, body: ReportBrandSettingsBody): Promise<ReportBrandSettings> {
  const access = await brandAccess(container, userId);
  requireWhiteLabel(access);
  if (body.hidePoweredBy && !access.hidePoweredBy) throw forbidden(hidePoweredByUpgradeMessage(access.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
  await reportBrandRepository.saveSettings(container.database.db, userId, body);
  return getBrandSettings(container, userId);
}

/**
 * POST /api/report-brand/logo: checked and re-encoded like a profile photo (same limits and
 * messages), as a PNG within 600×200, under a new random key; the previous file is removed.
 */
export async function uploadBrandLogo(container: Pick<Container, 'config' | 'database' | 'log' | 'storage'>, userId: string, upload: UploadedPicture | null): Promise<ReportBrandSettings> {
  requireWhiteLabel(await brandAccess(container, userId));
  const { logo, logoKey } = await storeLogo(container, upload);
  const previous = await container.database.db.transaction(async (tx) => {
    const row = await reportBrandRepository.findForUpdate(tx, userId);
    await reportBrandRepository.setLogo(tx, userId, { logo, logoKey });
    return row?.logo ?? null;
  });
  if (previous) await discardProfilePicture(container, previous);
  return getBrandSettings(container, userId);
}

/** DELETE /api/report-brand/logo: on any plan (one's own data may always be removed). Its URL answers 404 at once. */
export async function deleteBrandLogo(container: Pick<Container, 'config' | 'database' | 'log' | 'storage'>, userId: string): Promise<ReportBrandSettings> {
  const previous = await container.database.db.transaction(async (tx) => {
    const row = await reportBrandRepository.findForUpdate(tx, userId);
    if (row?.logo) await reportBrandRepository.setLogo(tx, userId, null);
    return row?.logo ?? null;
  });
  if (previous) await discardProfilePicture(container, previous);
  return getBrandSettings(container, userId);
}

/** GET /api/report-brand/logo/:key.png: the PNG of a current logo key, or undefined. */
export async function readBrandLogo(container: Pick<Container, 'database' | 'storage'>, logoKey: string): Promise<Buffer | undefined> {
  if (!isLogoKey(logoKey)) return undefined;
  const row = await reportBrandRepository.findByLogoKey(container.database.db, logoKey);
  return row?.logo ? container.storage.get(row.logo) : undefined;
}
