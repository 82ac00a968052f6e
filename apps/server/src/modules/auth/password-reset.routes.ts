import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  passwordResetRequestSchema,
  resetPasswordRequestSchema,
  tokenParamSchema,
  validResetTokenResponseSchema,
} from '@rankmaps/shared/schemas/auth';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { assertResetTokenValid, requestPasswordReset, resetPassword } from './password-reset.service';

const RESET_REQUESTED = 'Si existe una cuenta con ese email, recibirás un enlace para restablecer tu contraseña.';
const PASSWORD_UPDATED = 'Contraseña actualizada correctamente.';
const tags = ['auth'];

/** Forgotten password: ask for a link, check it, set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;

  app.post(
    '/auth/request-password-reset/user',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'request-reset')),
      schema: {
        tags,
        summary: 'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        body: passwordResetRequestSchema,
        response: { 200: messageResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await requestPasswordReset(container, request.body.email);
      return { message: RESET_REQUESTED };
    },
  );

  app.get(
    '/auth/validate-reset-token/user/:token',
    {
      schema: {
        tags,
        summary: 'Comprueba si un enlace de restablecimiento sigue siendo válido',
        params: tokenParamSchema,
        response: { 200: validResetTokenResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await assertResetTokenValid(container, request.params.token);
      return { valid: true as const };
    },
  );

  app.post(
    '/auth/reset-password/user/:token',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'reset-password')),
      schema: {
        tags,
        summary: 'Establece una contraseña nueva con un enlace de restablecimiento',
        params: tokenParamSchema,
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await resetPassword(container, request.params.token, request.body.newPassword);
      return { message: PASSWORD_UPDATED };
    },
  );
};
