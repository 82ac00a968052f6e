import { CLIENT_NOT_FOUND, type Client } from '@rankmaps/shared/schemas/workspace';
import type { Container } from '../../container';
import { forbidden, notFound } from '../../errors';
import { clientLogoUpgradeMessage } from '../billing/upgrade-messages';
import { brandAccess } from '../reports/report-brand.service';
import { isLogoKey, storeLogo } from '../reports/report-logo-files';
import { type UploadedPicture, discardProfilePicture } from '../users/profile-picture.service';
import { clientsRepository } from './clients.repository';
import { checkId, presentClient } from './clients.service';

// A client's logo for its reports (docs/decisions.md §25.1, docs/workspace.md «Clients»):
// uploaded, checked and stored by the white-label logo's code (reports/report-logo-files.ts).

type Deps = Pick<Container, 'config' | 'database' | 'log' | 'storage'>;

/** The client's row, locked, and its previous logo file; 404 when it is not the user's. */
async function replaceLogo(container: Deps, userId: string, id: string, logo: { logo: string; logoKey: string } | null): Promise<string | null> {
  return container.database.db.transaction(async (tx) => {
    const row = await clientsRepository.findOwnedForUpdate(tx, userId, id);
    if (!row) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
    if (logo || row.logo) await clientsRepository.setLogo(tx, row.id, logo);
    return row.logo;
  });
}

/**
 * POST /api/clients/:id/logo: on the plans with white-label (a client's logo is shown beside the
 * agency's brand), 403 naming the plan otherwise. The file is checked like a profile photo and
 * stored as a PNG within 600×200 under a new key; the previous file is removed.
 */
export async function uploadClientLogo(container: Deps, userId: string, id: string, upload: UploadedPicture | null): Promise<Client> {
  // Whose client it is comes first (another user's is a 404 on any plan, as a missing one), then
  // the plan, before the image is decoded; the row is checked again under its lock.
  checkId(id);
  if (!(await clientsRepository.findOwned(container.database.db, userId, id))) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  const access = await brandAccess(container, userId);
  if (!access.whiteLabel) throw forbidden(clientLogoUpgradeMessage(access.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
  const stored = await storeLogo(container, upload);
  let previous: string | null;
  try {
    previous = await replaceLogo(container, userId, id, stored);
  } catch (err) {
    await discardProfilePicture(container, stored.logo);
    throw err;
  }
  if (previous) await discardProfilePicture(container, previous);
  return presentClient(container, userId, id);
}

/** DELETE /api/clients/:id/logo: on any plan (one's own data may always be removed). Its URL answers 404 at once. */
export async function deleteClientLogo(container: Deps, userId: string, id: string): Promise<Client> {
  checkId(id);
  const previous = await replaceLogo(container, userId, id, null);
  if (previous) await discardProfilePicture(container, previous);
  return presentClient(container, userId, id);
}

/** GET /api/client-logo/:key.png: the PNG of a current client logo key, or undefined. */
export async function readClientLogo(container: Pick<Container, 'database' | 'storage'>, logoKey: string): Promise<Buffer | undefined> {
  if (!isLogoKey(logoKey)) return undefined;
  const row = await clientsRepository.findByLogoKey(container.database.db, logoKey);
  return row?.logo ? container.storage.get(row.logo) : undefined;
}
