import type { WorkspaceBrand } from '@rankmaps/shared/schemas/team';
import type { Container } from '../../container';
import { brandAccess, logoUrlOf } from '../reports/report-brand.service';
import { teamRepository } from './team.repository';

type BrandRow = NonNullable<Awaited<ReturnType<typeof teamRepository.brandOf>>>;

/** A saved white-label brand as the switcher and the invitation page show it (docs/decisions.md §24.5); null without a name or logo. */
export function presentBrand(row: BrandRow | null | undefined): WorkspaceBrand {
  if (!row || (!row.name && !row.logoKey)) return null;
  return { name: row.name, logoUrl: logoUrlOf(row.logoKey), primaryColor: row.accent };
}

/** The workspace's brand while its plan allows white-label, as its reports carry it. */
export async function brandOf(container: Pick<Container, 'config' | 'database'>, workspaceId: string): Promise<WorkspaceBrand> {
  const [row, access] = await Promise.all([teamRepository.brandOf(container.database.db, workspaceId), brandAccess(container, workspaceId)]);
  return access.whiteLabel ? presentBrand(row) : null;
}
