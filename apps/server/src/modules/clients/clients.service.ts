import { CLIENT_NOT_FOUND, type Client, type ClientList } from '@rankmaps/shared/schemas/workspace';
import type { Container } from '../../container';
import { conflict, notFound } from '../../errors';
import { PLACE_NOT_FOUND, ownedOr404 } from '../places/places.service';
import { clientLogoUrlOf } from '../reports/report-logo-files';
import { discardProfilePicture } from '../users/profile-picture.service';
import { type ClientWithCount, clientsRepository } from './clients.repository';
import { isUuid } from '../../lib/uuid';
import { type Scope, wholeWorkspace } from '../workspaces/scope';

// Clients (issue 18, docs/decisions.md §25.1): a label grouping a user's places.

export const CLIENT_NAME_TAKEN = 'Ya tienes un cliente con ese nombre.';

type Deps = Pick<Container, 'database'>;

const present = (row: ClientWithCount): Client => ({ id: row.id, name: row.name, places: row.places, logoUrl: clientLogoUrlOf(row.logoKey), createdAt: row.createdAt.toISOString() });

export function checkId(id: string): void {
  if (!isUuid(id)) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
}

export async function listClients(container: Deps, scope: Scope): Promise<ClientList> {
  return { clients: (await clientsRepository.list(container.database.db, scope)).map(present) };
}

export async function createClient(container: Deps, userId: string, name: string): Promise<Client> {
  const row = await clientsRepository.insert(container.database.db, userId, name);
  if (!row) throw conflict(CLIENT_NAME_TAKEN, 'CLIENT_NAME_TAKEN');
  return present({ ...row, places: 0 });
}

export async function renameClient(container: Deps, userId: string, id: string, name: string): Promise<Client> {
  checkId(id);
  const db = container.database.db;
  const row = await clientsRepository.rename(db, userId, id, name);
  if (row === 'taken') throw conflict(CLIENT_NAME_TAKEN, 'CLIENT_NAME_TAKEN');
  if (!row) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  const withCount = (await clientsRepository.list(db, wholeWorkspace(userId))).find((c) => c.id === id);
  return present(withCount ?? { ...row, places: 0 });
}

/** One of the user's clients as the API answers it; 404 when it is not theirs (it went meanwhile). */
export async function presentClient(container: Deps, userId: string, id: string): Promise<Client> {
  const row = (await clientsRepository.list(container.database.db, wholeWorkspace(userId))).find((c) => c.id === id);
  if (!row) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  return present(row);
}

/** Deletes the client, and its logo's file; its places stay, without a client. */
export async function deleteClient(container: Pick<Container, 'database' | 'log' | 'storage'>, userId: string, id: string): Promise<void> {
  checkId(id);
  const deleted = await clientsRepository.delete(container.database.db, userId, id);
  if (!deleted) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  if (deleted.logo) await discardProfilePicture(container, deleted.logo);
}

/** Groups a place under one of the user's clients, or ungroups it (null). */
export async function setPlaceClient(container: Deps, userId: string, placeId: string, clientId: string | null): Promise<{ placeId: string; client: { id: string; name: string } | null }> {
  const place = await ownedOr404(container, userId, placeId);
  const db = container.database.db;
  let client: { id: string; name: string } | null = null;
  if (clientId !== null) {
    checkId(clientId);
    const row = await clientsRepository.findOwned(db, userId, clientId);
    if (!row) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
    client = { id: row.id, name: row.name };
  }
  // The client could be deleted between the check and the update: the foreign key refuses
  // then, and the place keeps its previous client. A place deleted meanwhile is a 404 too.
  const outcome = await clientsRepository.setPlaceClient(db, userId, place.id, client?.id ?? null);
  if (outcome === 'client-gone') throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
  if (outcome === 'place-gone') throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
  return { placeId: place.id, client };
}
