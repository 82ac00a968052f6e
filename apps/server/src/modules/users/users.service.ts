import type { BillingData, DevParamsRequest, Profile } from '@rankmaps/shared/schemas/profile';
import type { Container } from '../../container';
import { unauthorized } from '../../errors';
import { getPlanState } from '../billing';
import { setDevParams } from '../billing/dev-params.service';
import { getPlaceRefs } from '../places/places.service';
import { type UploadedPicture, discardProfilePicture, storeProfilePicture } from './profile-picture.service';
import { presentProfile } from './users.presenter';
import { type ProfileChanges, usersRepository } from './users.repository';
import { type Scope, wholeWorkspace } from '../workspaces/scope';

/** The signed-in user's profile. A valid token whose account is gone counts as signed out. */
/**
 * The person's profile, with the plan and businesses of the workspace they work in (`scope`:
 * docs/decisions.md §30.6; a Miembro or Cliente gets their assigned clients' businesses only).
 * Without one, their own workspace, which has their id.
 */
export async function getProfile(container: Pick<Container, 'config' | 'database'>, userId: string, scope: Scope | null = null): Promise<Profile> {
  const user = await usersRepository.findById(container.database.db, userId);
  if (!user) throw unauthorized();
  const workspace = scope ?? wholeWorkspace(userId);
  const [plan, placeRefs] = await Promise.all([getPlanState(container, workspace.workspaceId), getPlaceRefs(container, workspace)]);
  return presentProfile(user, plan, placeRefs);
}

/**
 * Applies `changes` to the user's row under its lock and returns the picture it replaced.
 * Concurrent changes queue, so each replaced picture is seen (and deleted) exactly once.
 */
async function changeProfile(container: Pick<Container, 'database'>, userId: string, changes: ProfileChanges): Promise<{ previousPicture: string | null }> {
  const previous = await container.database.db.transaction(async (tx) => {
    const user = await usersRepository.lockById(tx, userId);
    if (!user) return undefined;
    await usersRepository.updateProfile(tx, userId, changes);
    return { previousPicture: user.profilePicture };
  });
  if (!previous) throw unauthorized();
  return previous;
}

export interface ProfileUpdate {
  name: string;
  /** Absent: the stored options stay as they are. */
  options?: { key: string; value: string }[];
  /** A new picture; without one the current picture is kept. */
  picture: UploadedPicture | null;
}

/**
 * PUT /api/user. A new picture is checked, re-encoded and stored before anything else
 * changes; the old file is deleted only once the new one is in the profile. On any
 * failure the old picture stays.
 */
export async function updateProfile(container: Pick<Container, 'config' | 'database' | 'log' | 'storage'>, userId: string, update: ProfileUpdate, scope: Scope | null = null): Promise<Profile> {
  const newPicture = update.picture ? await storeProfilePicture(container, update.picture) : null;
  let replaced: string | null;
  try {
    const changes: ProfileChanges = { name: update.name };
    if (update.options) changes.options = update.options;
    if (newPicture) changes.profilePicture = newPicture;
    ({ previousPicture: replaced } = await changeProfile(container, userId, changes));
  } catch (err) {
    if (newPicture) await discardProfilePicture(container, newPicture);
    throw err;
  }
  if (newPicture && replaced && replaced !== newPicture) await discardProfilePicture(container, replaced);
  return getProfile(container, userId, scope);
}

/** DELETE /api/user/profile-picture: the profile without a picture, and the file removed. */
export async function deleteProfilePicture(container: Pick<Container, 'config' | 'database' | 'log' | 'storage'>, userId: string, scope: Scope | null = null): Promise<Profile> {
  const { previousPicture } = await changeProfile(container, userId, { profilePicture: null });
  if (previousPicture) await discardProfilePicture(container, previousPicture);
  return getProfile(container, userId, scope);
}

/** PUT /api/user/billing. An empty billing e-mail is stored as the account's e-mail. */
export async function updateBillingData(container: Pick<Container, 'config' | 'database'>, userId: string, input: Omit<BillingData, 'email'> & { email?: string | undefined }, scope: Scope | null = null): Promise<Profile> {
  const user = await usersRepository.findById(container.database.db, userId);
  if (!user) throw unauthorized();
  const { phone, email, ...required } = input;
  const billingData: BillingData = { ...required, ...(phone ? { phone } : {}), email: email || user.email };
  await changeProfile(container, userId, { billingData });
  return getProfile(container, userId, scope);
}

/** PUT /api/user/dev-params (developer tools only): plan-limits override and credit balances. */
export async function updateDevParams(container: Pick<Container, 'config' | 'database'>, userId: string, input: DevParamsRequest, scope: Scope): Promise<Profile> {
  if (!(await usersRepository.findById(container.database.db, userId))) throw unauthorized();
  await setDevParams(container, scope.workspaceId, input);
  return getProfile(container, userId, scope);
}
