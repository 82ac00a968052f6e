import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailResponseSchema,
  confirmParamsSchema,
  emailOnlyRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@rankmaps/shared/schemas/auth';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { setSessionCookies } from './cookies';
import { confirmEmail, resendConfirmation } from './email-confirmation.service';
import { signUp } from './signup.service';

const ACCOUNT_CREATED = 'Cuenta creada. Te hemos enviado un email para confirmar tu dirección.';
const EMAIL_CONFIRMED = 'Email confirmado correctamente.';
const CONFIRMATION_SENT = 'Enlace de verificación enviado correctamente';
const tags = ['auth'];

/** Sign-up and e-mail confirmation (the link, and asking for it again). */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;

  app.post(
    '/auth/signup/user',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'signup')),
      schema: {
        tags,
        summary: 'Crea una cuenta y envía el email de confirmación',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, email, password, redirectTo } = request.body;
      await signUp(container, { name, email, password, redirectTo });
      return reply.status(201).send({ message: ACCOUNT_CREATED, email });
    },
  );

  app.get(
    '/auth/confirm-email/:type/:token',
    {
      schema: {
        tags,
        summary: 'Confirma el email con el enlace recibido e inicia sesión',
        params: confirmParamsSchema,
        response: { 200: confirmEmailResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await confirmEmail(container, request.params.token);
      setSessionCookies(reply, config, session);
      return { message: EMAIL_CONFIRMED, accessToken: session.accessToken };
    },
  );

  app.post(
    '/auth/send-confirmation-email/user',
    {
      onRequest: limitPerAddress(app, rateLimitPolicy.auth(config, 'send-confirmation')),
      schema: {
        tags,
        summary: 'Reenvía el enlace de confirmación (misma respuesta exista o no la cuenta)',
        body: emailOnlyRequestSchema,
        response: { 200: messageResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await resendConfirmation(container, request.body.email);
      return { message: CONFIRMATION_SENT };
    },
  );
};
