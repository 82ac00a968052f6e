import { InvalidClientMetadataError, OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { z } from 'zod';
import type { Container } from '../../container';
import { oauthRepository } from './oauth.repository';

// Dynamic client registration (RFC 7591, docs/decisions.md §33.1): any MCP client may register
// itself, as a public client (no secret; PKCE proves who exchanges the code). What it asks that
// we do not offer is refused with the RFC's error codes; the auth method is answered as 'none'
// whatever it asked (RFC 7591 section 3.2.1 lets the server replace requested values).

/** RFC 7591 section 3.2.2: the error for a redirect URI we do not accept. */
export class InvalidRedirectUriError extends OAuthError {
  static override errorCode = 'invalid_redirect_uri';
}

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
export const DEFAULT_CLIENT_NAME = 'Cliente MCP sin nombre';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI is refused, or null: https anywhere, http only on this machine (RFC 8252 section 7.3), no fragment (RFC 6749 section 3.1.2). */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > MAX_URI_LENGTH) return `Cada URI de redirección puede tener como mucho ${MAX_URI_LENGTH} caracteres.`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `«${uri.slice(0, 100)}» no es una URI de redirección válida.`;
  }
  if (url.hash || uri.includes('#')) return 'Una URI de redirección no puede llevar fragmento (#).';
  if (url.username || url.password) return 'Una URI de redirección no puede llevar usuario ni contraseña.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'Las URI de redirección deben ser https, o http solo en este equipo (127.0.0.1, [::1] o localhost).';
}

const registrationSchema = z.looseObject({
  redirect_uris: z
    .array(z.string('Cada URI de redirección debe ser un texto.'), 'redirect_uris es obligatorio: una lista de URI de redirección.')
    .min(1, 'redirect_uris necesita al menos una URI de redirección.')
    .max(MAX_REDIRECT_URIS, `Como mucho ${MAX_REDIRECT_URIS} URI de redirección.`),
  client_name: z.string('client_name debe ser un texto.').trim().max(100, 'client_name puede tener como mucho 100 caracteres.').optional(),
  grant_types: z.array(z.string('Cada grant_type debe ser un texto.'), 'grant_types debe ser una lista.').max(10, 'Demasiados grant_types.').optional(),
  response_types: z.array(z.string('Cada response_type debe ser un texto.'), 'response_types debe ser una lista.').max(10, 'Demasiados response_types.').optional(),
}, 'El cuerpo debe ser un objeto JSON con los datos del cliente.');

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

export async function registerClient(container: Pick<Container, 'database'>, body: unknown) {
  const parsed = registrationSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'Los datos del cliente no son válidos.';
    if (issue?.path[0] === 'redirect_uris') throw new InvalidRedirectUriError(message);
    throw new InvalidClientMetadataError(message);
  }
  const { redirect_uris: redirectUris, client_name: name, grant_types: grantTypes, response_types: responseTypes } = parsed.data;
  for (const uri of redirectUris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new InvalidRedirectUriError(problem);
  }
  if (grantTypes?.some((g) => !GRANT_TYPES.includes(g))) throw new InvalidClientMetadataError('Solo se admiten los grant_types authorization_code y refresh_token.');
  if (responseTypes?.some((r) => r !== 'code')) throw new InvalidClientMetadataError('Solo se admite el response_type code.');
  const client = await oauthRepository.insertClient(container.database.db, { name: name || DEFAULT_CLIENT_NAME, redirectUris: [...new Set(redirectUris)] });
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: 'none',
    grant_types: GRANT_TYPES,
    response_types: ['code'],
  };
}
