import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  acceptInvitationAnswerSchema,
  acceptInvitationBodySchema,
  createInvitationBodySchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenQuerySchema,
  memberParamsSchema,
  teamMemberSchema,
  teamMembersSchema,
  transferOwnershipBodySchema,
  updateMemberBodySchema,
} from '@rankmaps/shared/schemas/team';
import { requireUserId, requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { setSessionCookies } from '../auth/cookies';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { acceptInvitation, optionalCaller, previewInvitation } from './invitation-accept.service';
import { createInvitation, listInvitations, resendInvitation, revokeInvitation } from './invitations.service';
import { listMembers, removeMember, updateMember } from './members.service';
import { TRANSFER_ACCEPTED, TRANSFER_REQUESTED, acceptTransfer, cancelTransfer, requestTransfer } from './ownership.service';

/** The team page (docs/api.md «Equipo», docs/decisions.md §30.3): members, invitations and the ownership transfer. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const { config } = container;
  const route = routeKit(app, { tags: ['equipo'] });
  const manage = access.workspace('members.manage');
  const own = access.workspace('workspace.own');

  // ── Members ──
  route.get('/team/members', { operationId: 'listTeamMembers', summary: 'Lista los miembros del espacio de trabajo', description: 'El propietario primero. Con los puestos ocupados (miembros sin contar al propietario e invitaciones pendientes que ocupan puesto) y los que incluye el plan (null: sin límite).', access: manage, answer: { schema: teamMembersSchema } }, async (request) => {
    const workspace = requireWorkspace(request);
    return listMembers(container, workspace.id, workspace.actorId);
  });

  // 404: not a member (or a client that is not the workspace's); 409: the owner's row; 403: a Cliente made a seat-taking role with the seats full.
  route.put('/team/members/:userId', { operationId: 'updateTeamMember', summary: 'Cambia el rol y los clientes de un miembro', description: 'Rol admin, member o client; Miembro y Cliente necesitan al menos un cliente del espacio. El propietario no se cambia aquí (409). Surte efecto en la siguiente petición del miembro.', access: manage, params: memberParamsSchema, body: updateMemberBodySchema, answer: { schema: teamMemberSchema }, refusals: [409] }, async (request) => {
    const workspace = requireWorkspace(request);
    return updateMember(container, workspace.id, workspace.actorId, request.params.userId, request.body);
  });

  route.delete('/team/members/:userId', { operationId: 'removeTeamMember', summary: 'Quita a un miembro del espacio de trabajo', description: 'Pierde el acceso en su siguiente petición. Se revocan las claves de API que creó y el propietario recibe la lista por email. El propietario no puede salir (409).', access: manage, params: memberParamsSchema, answer: {}, refusals: [409] }, async (request, reply) => {
    await removeMember(container, requireWorkspace(request).id, request.params.userId);
    return reply.code(204).send();
  });

  // ── Ownership ──
  route.post('/team/ownership-transfer', { operationId: 'requestOwnershipTransfer', summary: 'Propone a un miembro como nuevo propietario', description: 'Queda pendiente hasta que lo acepte (recibe un email). Solo el propietario.', access: own, body: transferOwnershipBodySchema, answer: { status: 202, schema: messageResponseSchema }, refusals: [404, 409] }, async (request, reply) => {
    const workspace = requireWorkspace(request);
    await requestTransfer(container, workspace.id, workspace.actorId, request.body.userId.toLowerCase());
    return reply.code(202).send({ message: TRANSFER_REQUESTED });
  });

  route.post('/team/ownership-transfer/accept', { operationId: 'acceptOwnershipTransfer', summary: 'Acepta ser el nuevo propietario', description: 'Por el miembro propuesto. El propietario anterior pasa a Administrador. 404 si no hay traspaso pendiente para ti.', access: access.session, answer: { schema: messageResponseSchema }, refusals: [404] }, async (request) => {
    await acceptTransfer(container, requireUserId(request), request.workspace?.id ?? null);
    return { message: TRANSFER_ACCEPTED };
  });

  route.delete('/team/ownership-transfer', { operationId: 'cancelOwnershipTransfer', summary: 'Cancela el traspaso de propiedad pendiente', description: 'Sin traspaso pendiente, la misma respuesta.', access: own, answer: {} }, async (request, reply) => {
    await cancelTransfer(container, requireWorkspace(request).id);
    return reply.code(204).send();
  });

  // ── Invitations ──
  route.get('/team/invitations', { operationId: 'listTeamInvitations', summary: 'Lista las invitaciones pendientes', description: 'Las no aceptadas ni anuladas, las más recientes primero; `expired` marca las caducadas (se pueden reenviar).', access: manage, answer: { schema: invitationListSchema } }, async (request) => listInvitations(container, requireWorkspace(request).id));

  // 403: seats full (names the plan that allows more); 404: a client that is not the workspace's; 409: already a member, or already invited.
  route.post('/team/invitations', { operationId: 'createTeamInvitation', summary: 'Invita a una persona al espacio de trabajo', description: 'Envía un email con un enlace de un solo uso válido 7 días. Miembro y Cliente necesitan al menos un cliente.', access: manage, body: createInvitationBodySchema, answer: { status: 201, schema: invitationSchema }, refusals: [404, 409] }, async (request, reply) => {
    const workspace = requireWorkspace(request);
    return reply.code(201).send(await createInvitation(container, workspace.id, workspace.actorId, request.body));
  });

  route.delete('/team/invitations/:id', { operationId: 'revokeTeamInvitation', summary: 'Anula una invitación pendiente', description: 'Su enlace deja de valer al momento.', access: manage, params: invitationParamsSchema, answer: {} }, async (request, reply) => {
    await revokeInvitation(container, requireWorkspace(request).id, request.params.id);
    return reply.code(204).send();
  });

  route.post('/team/invitations/:id/resend', { operationId: 'resendTeamInvitation', summary: 'Reenvía una invitación pendiente', description: 'Un enlace nuevo (el anterior deja de valer), 7 días más y un email nuevo. Una caducada había dejado libre su puesto: reenviarla necesita uno (403 si no queda).', access: manage, params: invitationParamsSchema, answer: { schema: invitationSchema } }, async (request) => {
    const workspace = requireWorkspace(request);
    return resendInvitation(container, workspace.id, workspace.actorId, request.params.id);
  });

  // The invitation page, before signing in: limited per address like the other public auth routes.
  route.get('/team/invitations/accept', { operationId: 'previewTeamInvitation', summary: 'Datos de una invitación para su página', description: 'Sin sesión. Caducada, usada, anulada o desconocida: 410 INVITATION_INVALID.', access: access.public, querystring: invitationTokenQuerySchema, answer: { schema: invitationPreviewSchema }, refusals: [410, 503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'invitation-preview'))] }, async (request) => previewInvitation(container, request.query.token));

  route.post('/team/invitations/accept', { operationId: 'acceptTeamInvitation', summary: 'Acepta una invitación', description: 'Con sesión (Bearer), une esa cuenta (su email debe ser el invitado, si no 403). Sin sesión, crea la cuenta con nombre y contraseña (confirmada, sin espacio propio; 409 si el email ya tiene cuenta) y pone las cookies de sesión. 410 si la invitación ya no vale.', access: access.public, body: acceptInvitationBodySchema, answer: { schema: acceptInvitationAnswerSchema }, refusals: [401, 403, 409, 410, 503], onRequest: [limitPerAddress(app, rateLimitPolicy.auth(config, 'invitation-accept'))] }, async (request, reply) => {
    const caller = await optionalCaller(container, request);
    const { answer, session } = await acceptInvitation(container, request.body, caller, request.ip);
    if (session) setSessionCookies(reply, config, session);
    return answer;
  });
};
