import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  tokenParamSchema,
  validResetTokenResponseSchema,
} from '@rankmaps/shared/schemas/auth';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { assertResetTokenValid, requestPasswordReset, resetPassword } from './password-reset.service';

const RESET_REQUESTED = 'Si existe una cuenta con ese email, recibirás un enlace para restablecer tu contraseña.';
const PASSWORD_UPDATED = 'Contraseña actualizada correctamente.';

/**
 * Forgotten password: ask for a link, check it, set a new password with it. The limited routes
 * answer 503 when their counter (in the database) cannot be read.
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;
  const route = routeKit(app, { tags: ['auth'] });

  route.post('/auth/request-password-reset/user', { operationId: 'requestPasswordReset', summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)', access: access.public, body: passwordResetRequestSchema, answer: { schema: messageResponseSchema }, refusals: [503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'request-reset'))] }, async (request) => {
    await requestPasswordReset(container, request.body.email);
    return { message: RESET_REQUESTED };
  });

  route.get('/auth/validate-reset-token/user/:token', { operationId: 'checkResetToken', summary: 'Comprueba si un enlace de restablecimiento sigue siendo válido', description: 'Un enlace caducado, ya usado o desconocido responde 400.', access: access.public, params: tokenParamSchema, answer: { schema: validResetTokenResponseSchema } }, async (request) => {
    await assertResetTokenValid(container, request.params.token);
    return { valid: true as const };
  });

  route.post('/auth/reset-password/user/:token', { operationId: 'resetPassword', summary: 'Establece una contraseña nueva con un enlace de restablecimiento', description: 'Un enlace caducado, ya usado o desconocido responde 400.', access: access.public, params: tokenParamSchema, body: resetPasswordRequestSchema, answer: { schema: messageResponseSchema }, refusals: [503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'reset-password'))] }, async (request) => {
    await resetPassword(container, request.params.token, request.body.newPassword);
    return { message: PASSWORD_UPDATED };
  });
};
