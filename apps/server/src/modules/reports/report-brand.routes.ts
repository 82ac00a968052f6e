import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { reportBrandSettingsBodySchema, reportBrandSettingsSchema } from '@rankmaps/shared/schemas/report-brand';
import { notFound } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { LOGO_NOT_FOUND, logoDocSchema, logoUploadScope, sendLogoPng } from './report-logo-files';
import { deleteBrandLogo, getBrandSettings, readBrandLogo, saveBrandSettings, uploadBrandLogo } from './report-brand.service';

const tags = ['informes'];
const security = [{ bearer: [] }];

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

  // Public, like a profile picture (report-logo-files.ts, sendLogoPng).
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
      if (!data) throw notFound(LOGO_NOT_FOUND, 'LOGO_NOT_FOUND');
      return sendLogoPng(reply, data);
    },
  );

  await app.register(logoUploadRoutes);
};

/** The upload, in a scope of its own: only it takes multipart bodies. */
const logoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const upload = await logoUploadScope(app, container);

  app.post(
    '/report-brand/logo',
    {
      onRequest: app.authenticate,
      decompress: false,
      preValidation: upload.preValidation,
      preHandler: upload.preHandler,
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
