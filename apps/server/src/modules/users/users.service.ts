import type { Profile } from '@rankmaps/shared/schemas/profile';
import type { Container } from '../../container';
import { unauthorized } from '../../errors';
import { presentProfile } from './users.presenter';
import { usersRepository } from './users.repository';

/** The signed-in user's profile. A valid token whose account is gone counts as signed out. */
export async function getProfile(container: Container, userId: string): Promise<Profile> {
  const user = await usersRepository.findById(container.database.db, userId);
  if (!user) throw unauthorized();
  return presentProfile(user);
}
