import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BRAND_LOGO_MAX_HEIGHT, BRAND_LOGO_MAX_WIDTH } from '@rankmaps/shared/schemas/report-brand';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { rateLimitPolicy } from '../rate-limits/policy';
import { type LimitingHook, limitPerUser } from '../rate-limits/shared-rate-limit';
import { PROFILE_FORM_LIMITS, uploadFormReader } from '../users/profile-form';
import { type UploadedPicture, checkedImage } from '../users/profile-picture.service';

// The logos reports show: the agency's (docs/decisions.md §24.5) and each client's
// (docs/decisions.md §25.1). Both are uploaded, checked, re-encoded, stored and served by the
// code below, so they share the profile photo's limits and messages and the same public headers.

export const LOGO_FIELD = 'logo';
const LOGO_FOLDER = 'logos';
/** Public logo names: 128 random bits in hex. Anything else is 404 without a query. */
const LOGO_KEY_PATTERN = /^[a-f0-9]{32}$/;
export const NO_LOGO_FILE = 'Elige una imagen para el logo.';
export const LOGO_NOT_FOUND = 'Logo no encontrado.';

/** The upload's body as the API documents it: one file. */
export const logoDocSchema = z.object({
  [LOGO_FIELD]: z.string().optional().meta({ format: 'binary', description: 'Imagen JPEG, PNG, WebP, GIF o AVIF de hasta 2 MB; se guarda como PNG de 600×200 como mucho' }),
});

/** A stored logo: its storage key ('logos/<logoKey>.png') and its public key. */
export interface StoredLogo {
  logo: string;
  logoKey: string;
}

export const isLogoKey = (key: string) => LOGO_KEY_PATTERN.test(key);

const CLIENT_LOGO_URL = /^\/api\/client-logo\/([a-f0-9]{32})\.png$/;
/** The public URL of a client's logo (GET /api/client-logo/<key>.png), or null. */
export const clientLogoUrlOf = (logoKey: string | null | undefined) => (logoKey ? `/api/client-logo/${logoKey}.png` : null);
/** The public key in a URL `clientLogoUrlOf` made, or null. */
export const clientLogoKeyOf = (url: string | null | undefined) => (url ? (CLIENT_LOGO_URL.exec(url)?.[1] ?? null) : null);

/**
 * Checks an upload like a profile photo (same limits and messages) and stores it re-encoded as
 * a PNG within 600×200, under a new random key. Throws the Spanish 400 before storing anything.
 */
export async function storeLogo(container: Pick<Container, 'storage'>, upload: UploadedPicture | null): Promise<StoredLogo> {
  if (!upload) throw badRequest(NO_LOGO_FILE, 'NO_FILE');
  const png = await checkedImage(upload, { width: BRAND_LOGO_MAX_WIDTH, height: BRAND_LOGO_MAX_HEIGHT, format: 'png' });
  const logoKey = randomBytes(16).toString('hex');
  const logo = `${LOGO_FOLDER}/${logoKey}.png`;
  await container.storage.put(logo, png);
  return { logo, logoKey };
}

/**
 * Answers a logo's PNG. Public, like a profile picture: an <img> in the share page, the e-mail
 * and the PDF. The key is 128 random bits and changes with every upload, so it is cached a year.
 */
export function sendLogoPng(reply: FastifyReply, data: Buffer): FastifyReply {
  return reply
    .header('content-type', 'image/png')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(data);
}

/**
 * Makes the plugin scope `app` take multipart logo uploads (only that scope parses them) and
 * gives the hooks of an upload route: the form reader and the per-user upload budget, which
 * logos share with the profile photo (decoding costs CPU).
 */
export async function logoUploadScope(app: FastifyInstance, container: Pick<Container, 'config'>): Promise<{ preValidation: (request: FastifyRequest) => Promise<void>; preHandler: LimitingHook }> {
  await app.register(multipart, { limits: PROFILE_FORM_LIMITS, throwFileSizeLimit: false });
  app.decorateRequest('uploadedFile', null);
  return { preValidation: uploadFormReader({ fileField: LOGO_FIELD, textFields: [] }), preHandler: limitPerUser(app, rateLimitPolicy.avatarUpload(container.config)) };
}
