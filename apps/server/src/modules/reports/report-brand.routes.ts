import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { reportBrandSettingsBodySchema, reportBrandSettingsSchema } from '@rankmaps/shared/schemas/report-brand';
import { notFound } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { PROFILE_FORM_LIMITS, uploadFormReader } from '../users/profile-form';
import { deleteBrandLogo, getBrandSettings, readBrandLogo, saveBrandSettings, uploadBrandLogo } from './report-brand.service';

const tags = ['informes'];
const security = [{ bearer: [] }];
export const LOGO_FIELD = 'logo';

/** The upload's body as the API documents it: one file. */
const logoDocSchema = z.object({
  [LOGO_FIELD]: z.string().optional().meta({ format: 'binary', description: 'Imagen JPEG, PNG, WebP, GIF o AVIF de hasta 2 MB; se guarda como PNG de 600×200 como mucho' }),
});

/** White-label (docs/decisions.md §24.5): the agency's brand for its reports, and its public logo. */
export const reportBrandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const auth = { onRequest: [app.authenticate] };
  const settingsErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/report-brand',
    { ...auth, schema: { tags, security, summary: 'Marca blanca de los informes', description: 'Lo guardado y lo que permite el plan actual.', response: { 200: reportBrandSettingsSchema, 401: errorResponseSchema } } },
    async (request) => getBrandSettings(container, requireUserId(request)),
  );

  app.put(
    '/report-brand',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Guarda la marca blanca de los informes',
        description: 'Nombre (≤ 80), color de acento #rrggbb con contraste ≥ 4,5:1 para texto blanco, contacto (≤ 120), pie (≤ 200) y hidePoweredBy. Solo planes para agencias; quitar «Hecho con RankMaps», solo Enterprise.',
        body: reportBrandSettingsBodySchema,
        response: { 200: reportBrandSettingsSchema, ...settingsErrors },
      },
    },
    async (request) => saveBrandSettings(container, requireUserId(request), request.body),
  );

  app.delete(
    '/report-brand/logo',
    { ...auth, schema: { tags, security, summary: 'Quita el logo de la marca blanca', response: { 200: reportBrandSettingsSchema, 401: errorResponseSchema } } },
    async (request) => deleteBrandLogo(container, requireUserId(request)),
  );

  // Public, like a profile picture: an <img> in the share page, the e-mail and the PDF. The key
  // is 128 random bits and changes with every upload, so the answer is cached for a year.
  app.get(
    '/report-brand/logo/:key.png',
    {
      schema: {
        tags,
        summary: 'Logo de la marca blanca (PNG)',
        params: z.object({ key: z.string() }),
      },
    },
    async (request, reply) => {
      const data = await readBrandLogo(container, request.params.key);
      if (!data) throw notFound('Logo no encontrado.', 'LOGO_NOT_FOUND');
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(data);
    },
  );

  await app.register(logoUploadRoutes);
};

/** The upload, in a scope of its own: only it takes multipart bodies. */
const logoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  await app.register(multipart, { limits: PROFILE_FORM_LIMITS, throwFileSizeLimit: false });
  app.decorateRequest('uploadedFile', null);
  // Image uploads share the profile photo's budget per user (decoding costs CPU).
  const limitUploads = limitPerUser(app, rateLimitPolicy.avatarUpload(container.config));

  app.post(
    '/report-brand/logo',
    {
      onRequest: app.authenticate,
      decompress: false,
      preValidation: uploadFormReader({ fileField: LOGO_FIELD, textFields: [] }),
      preHandler: limitUploads,
      schema: {
        tags,
        security,
        summary: 'Sube el logo de la marca blanca (multipart/form-data)',
        description: 'El archivo va en el campo logo. Se comprueba y se vuelve a codificar como la foto de perfil (mismos límites y mensajes). Solo planes para agencias.',
        consumes: ['multipart/form-data'],
        body: logoDocSchema,
        response: { 200: reportBrandSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => uploadBrandLogo(container, requireUserId(request), request.uploadedFile),
  );
};
