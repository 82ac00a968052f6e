import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  devParamsRequestSchema,
  profileSchema,
  updateBillingRequestSchema,
  updateProfileFieldsSchema,
} from '@rankmaps/shared/schemas/profile';
import { requireUserId } from '../../plugins/auth';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { PICTURE_FIELD, PROFILE_FORM_LIMITS, readProfileForm } from './profile-form';
import { deleteProfilePicture, getProfile, updateBillingData, updateDevParams, updateProfile } from './users.service';

/** The multipart body as the API documents it: the validated text fields plus the file. */
const updateProfileDocSchema = updateProfileFieldsSchema.extend({
  [PICTURE_FIELD]: z.string().optional().meta({ format: 'binary', description: 'Imagen JPEG, PNG, WebP, GIF o AVIF de hasta 2 MB' }),
});

/** The signed-in user's own data under /api/user. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  // Only these routes take multipart bodies; every other module keeps JSON only.
  await app.register(multipart, { limits: PROFILE_FORM_LIMITS, throwFileSizeLimit: false });
  app.decorateRequest('uploadedFile', null);
  const limitUploads = limitPerUser(app, rateLimitPolicy.avatarUpload(container.config));
  const route = routeKit(app, { tags: ['usuario'] });
  const session = access.session;
  // The profile is the person's; the plan and businesses it shows are the active workspace's.
  const workspaceScope = (request: FastifyRequest) => (request.workspace ? scopeOf(request) : null);

  route.get('/user/profile', { operationId: 'getMyProfile', summary: 'Perfil del usuario que ha iniciado sesión', access: session, answer: { schema: profileSchema } }, async (request) => getProfile(container, requireUserId(request), workspaceScope(request)));

  // The picture limit's counter is in the database: 503 when it cannot be read.
  // @fastify/multipart reads the raw request, never the inflated one: left on, the
  // decompression stream would stall the raw body behind it (a compressed form hung the
  // request until the server's timeout). Compressed forms are refused in readProfileForm.
  // Only saves that carry a picture count: decoding and re-encoding images is what costs
  // CPU and disk, and editing the name stays free. Counted per user in the database.
  route.put('/user', { operationId: 'updateMyProfile', summary: 'Actualiza nombre, opciones y foto de perfil (multipart/form-data)', description: 'Campos: name, options (JSON: lista de {key, value}; solo age y gender) y profilePictureOld (conserva la foto actual) o el archivo profilePicture.', access: session, consumes: ['multipart/form-data'], body: updateProfileDocSchema, answer: { schema: profileSchema }, refusals: [503], decompress: false, preValidation: [readProfileForm], preHandler: [ async (request, reply) => { if (request.uploadedFile) await limitUploads(request, reply); }, ] }, async (request) => {
    const { name, options } = request.body;
    return updateProfile(container, requireUserId(request), { name, options, picture: request.uploadedFile }, workspaceScope(request));
  });

  route.delete('/user/profile-picture', { operationId: 'deleteMyProfilePicture', summary: 'Elimina la foto de perfil', access: session, answer: { schema: profileSchema } }, async (request) => deleteProfilePicture(container, requireUserId(request), workspaceScope(request)));

  route.put('/user/billing', { operationId: 'updateMyBillingData', summary: 'Guarda los datos de facturación', description: 'Un email de facturación vacío guarda el de la cuenta.', access: session, body: updateBillingRequestSchema, answer: { schema: profileSchema } }, async (request) => updateBillingData(container, requireUserId(request), request.body.billingData, workspaceScope(request)));

  // docs/decisions.md §6: the development panel's endpoint exists only with developer tools on.
  if (container.config.devTools) {
    route.put('/user/dev-params', { operationId: 'updateMyDevParams', summary: 'Parámetros de desarrollo: límites del plan y saldos de créditos (solo con herramientas de desarrollo)', access: access.workspace('billing.manage'), body: devParamsRequestSchema, answer: { schema: profileSchema }, hide: true }, async (request) => updateDevParams(container, requireUserId(request), request.body, scopeOf(request)));
  }
};
