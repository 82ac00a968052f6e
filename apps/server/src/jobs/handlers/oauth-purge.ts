import type { Container } from '../../container';
import { purgeExpiredOAuth } from '../../modules/oauth/oauth-purge';

/** Deletes the OAuth codes and tokens a day past their expiry (docs/decisions.md §33.10). */
export async function handleOAuthPurge(container: Pick<Container, 'database' | 'log'>): Promise<void> {
  const { codes, tokens } = await purgeExpiredOAuth(container);
  if (codes + tokens > 0) container.log.info({ codes, tokens }, 'purga de códigos y tokens OAuth caducados');
}
