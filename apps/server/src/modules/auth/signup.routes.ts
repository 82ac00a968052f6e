import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmEmailResponseSchema,
  confirmParamsSchema,
  emailOnlyRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@rankmaps/shared/schemas/auth';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { setSessionCookies } from './cookies';
import { confirmEmail, resendConfirmation } from './email-confirmation.service';
import { signUp } from './signup.service';

const ACCOUNT_CREATED = 'Cuenta creada. Te hemos enviado un email para confirmar tu dirección.';
const EMAIL_CONFIRMED = 'Email confirmado correctamente.';
const CONFIRMATION_SENT = 'Enlace de verificación enviado correctamente';

/**
 * Sign-up and e-mail confirmation (the link, and asking for it again). The limited routes
 * answer 503 when their counter (in the database) cannot be read.
 */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;
  const route = routeKit(app, { tags: ['auth'] });

  route.post('/auth/signup/user', { operationId: 'signUp', summary: 'Crea una cuenta y envía el email de confirmación', description: 'Un email que ya tiene cuenta responde 409.', access: access.public, body: signupRequestSchema, answer: { status: 201, schema: signupResponseSchema }, refusals: [409, 503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'signup'))] }, async (request, reply) => {
    const { name, email, password, redirectTo } = request.body;
    await signUp(container, { name, email, password, redirectTo });
    return reply.status(201).send({ message: ACCOUNT_CREATED, email });
  });

  route.get('/auth/confirm-email/:type/:token', { operationId: 'confirmEmail', summary: 'Confirma el email con el enlace recibido e inicia sesión', description: 'Pone las cookies de sesión. Un enlace caducado, ya usado o desconocido responde 400.', access: access.public, params: confirmParamsSchema, answer: { schema: confirmEmailResponseSchema } }, async (request, reply) => {
    const session = await confirmEmail(container, request.params.token);
    setSessionCookies(reply, config, session);
    return { message: EMAIL_CONFIRMED, accessToken: session.accessToken };
  });

  route.post('/auth/send-confirmation-email/user', { operationId: 'resendConfirmationEmail', summary: 'Reenvía el enlace de confirmación (misma respuesta exista o no la cuenta)', description: 'Pedirlo otra vez antes de que pase la espera responde 429.', access: access.public, body: emailOnlyRequestSchema, answer: { schema: messageResponseSchema }, refusals: [503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'send-confirmation'))] }, async (request) => {
    await resendConfirmation(container, request.body.email);
    return { message: CONFIRMATION_SENT };
  });
};
