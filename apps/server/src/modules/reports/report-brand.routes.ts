import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportBrandSettingsBodySchema, reportBrandSettingsSchema } from '@rankmaps/shared/schemas/report-brand';
import { notFound } from '../../errors';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { LOGO_NOT_FOUND, logoDocSchema, logoUploadScope, sendLogoPng } from './report-logo-files';
import { deleteBrandLogo, getBrandSettings, readBrandLogo, saveBrandSettings, uploadBrandLogo } from './report-brand.service';

const tags = ['informes'];

/** White-label (docs/decisions.md §24.5): the agency's brand for its reports, and its public logo. */
export const reportBrandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags });

  route.get('/report-brand', { operationId: 'getReportBrand', summary: 'Marca blanca de los informes', description: 'Lo guardado y lo que permite el plan actual.', access: access.workspace('brand.manage'), answer: { schema: reportBrandSettingsSchema } }, async (request) => getBrandSettings(container, requireWorkspace(request).id));

  route.put('/report-brand', { operationId: 'saveReportBrand', summary: 'Guarda la marca blanca de los informes', description: 'Nombre (≤ 80), color de acento #rrggbb con contraste ≥ 4,5:1 para texto blanco, contacto (≤ 120), pie (≤ 200) y hidePoweredBy. Solo planes para agencias; quitar «Hecho con RankMaps», solo Enterprise.', access: access.workspace('brand.manage'), body: reportBrandSettingsBodySchema, answer: { schema: reportBrandSettingsSchema }, refusals: [403] }, async (request) => saveBrandSettings(container, requireWorkspace(request).id, request.body));

  route.delete('/report-brand/logo', { operationId: 'deleteReportBrandLogo', summary: 'Quita el logo de la marca blanca', description: 'En cualquier plan. La dirección del logo deja de responder al momento.', access: access.workspace('brand.manage'), answer: { schema: reportBrandSettingsSchema } }, async (request) => deleteBrandLogo(container, requireWorkspace(request).id));

  // Public, like a profile picture (report-logo-files.ts, sendLogoPng).
  route.get('/report-brand/logo/:key.png', { operationId: 'getReportBrandLogo', summary: 'Logo de la marca blanca (PNG)', description: 'Sin sesión, como una foto de perfil: lo muestran la página compartida, el correo y el PDF. Una clave que no es la de un logo actual → 404.', access: access.public, params: z.object({ key: z.string() }), answer: { download: 'image/png', description: 'El logo, como PNG. Cada subida cambia la dirección, así que se guarda en caché un año.', } }, async (request, reply) => {
    const data = await readBrandLogo(container, request.params.key);
    if (!data) throw notFound(LOGO_NOT_FOUND, 'LOGO_NOT_FOUND');
    return sendLogoPng(reply, data);
  });

  await app.register(logoUploadRoutes);
};

/** The upload, in a scope of its own: only it takes multipart bodies. */
const logoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const upload = await logoUploadScope(app, container);
  const route = routeKit(app, { tags });

  route.post('/report-brand/logo', { operationId: 'uploadReportBrandLogo', summary: 'Sube el logo de la marca blanca (multipart/form-data)', description: 'El archivo va en el campo logo. Se comprueba y se vuelve a codificar como la foto de perfil (mismos límites y mensajes). Solo planes para agencias.', access: access.workspace('brand.manage'), consumes: ['multipart/form-data'], body: logoDocSchema, answer: { schema: reportBrandSettingsSchema }, refusals: [403], decompress: false, preValidation: [upload.preValidation], preHandler: [upload.preHandler] }, async (request) => uploadBrandLogo(container, requireWorkspace(request).id, request.uploadedFile));
};
