import { z } from 'zod';
import { v } from '../messages';
import { WORKSPACE_ROLES } from '../permissions';
import { emailSchema, nameSchema, passwordSchema } from './auth';

// Teams (issue 29, docs/api.md «Equipo», docs/decisions.md §30.3): the workspaces a person
// belongs to, the members and invitations of one, and handing it to another owner. The server
// validates with these and the web app imports the same names.

/** The roles an invitation or a change may give: the owner's is only ever handed over (ownership transfer). */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'client'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
/** At most this many clients in one member's or invitation's list. */
export const MAX_ASSIGNED_CLIENTS = 500;
/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

export const MEMBER_NOT_FOUND = 'Miembro no encontrado.';
export const INVITATION_NOT_FOUND = 'Invitación no encontrada.';
export const WORKSPACE_NOT_FOUND = 'Espacio de trabajo no encontrado.';

const roleSchema = z.enum(WORKSPACE_ROLES);
const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, v('teamRoleInvalid'));
const clientIdsSchema = z
  .array(z.uuid(v('teamClientIdsInvalid')), v('teamClientIdsInvalid'))
  .max(MAX_ASSIGNED_CLIENTS, v('teamClientIdsInvalid'))
  // Repeats are folded: the list is a set.
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** Miembro and Cliente see only their clients' businesses, so they need at least one; an Administrador sees all and keeps none. */
const withClients = <T extends { role: AssignableRole; clientIds: string[] }>(body: T) => body.role === 'admin' || body.clientIds.length > 0;
const clientsRequired = { message: v('teamClientsRequired'), path: ['clientIds'] };

/** A workspace's white-label brand, as the switcher and the invitation page show it; null without one. */
export const workspaceBrandSchema = z
  .object({
    name: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** #rrggbb. */
    primaryColor: z.string(),
  })
  .nullable();
export type WorkspaceBrand = z.infer<typeof workspaceBrandSchema>;

// ── Workspaces ──────────────────────────────────────────────────────────────

export const workspaceItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: roleSchema,
  /** The workspace the token acts in. */
  active: z.boolean(),
  brand: workspaceBrandSchema,
  /** false when the agency removed «Hecho con RankMaps» and its plan allows it (docs/decisions.md §24.5): the client portal then leaves it out. */
  poweredBy: z.boolean(),
});
export type WorkspaceItem = z.infer<typeof workspaceItemSchema>;
/** GET /api/workspaces: the person's own workspace first. */
export const workspaceListSchema = z.object({ items: z.array(workspaceItemSchema) });
export type WorkspaceList = z.infer<typeof workspaceListSchema>;
export const switchWorkspaceAnswerSchema = z.object({ accessToken: z.string() });
export type SwitchWorkspaceAnswer = z.infer<typeof switchWorkspaceAnswerSchema>;
export const workspaceParamsSchema = z.object({ id: z.string().max(100, WORKSPACE_NOT_FOUND) });

// ── Members ─────────────────────────────────────────────────────────────────

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  clientIds: z.array(z.string()),
  joinedAt: z.string(),
  /** The row of the person asking. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersSchema = z.object({
  items: z.array(teamMemberSchema),
  /** Seats taken (members besides the owner and open invitations that take one) and the plan's number; null is unlimited. */
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type TeamMembers = z.infer<typeof teamMembersSchema>;

/** PUT /api/team/members/:userId. */
export const updateMemberBodySchema = z
  .strictObject({ role: assignableRoleSchema, clientIds: clientIdsSchema }, v('teamMemberBodyInvalid'))
  .refine(withClients, clientsRequired);
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;
export type UpdateMemberInput = z.input<typeof updateMemberBodySchema>;
export const memberParamsSchema = z.object({ userId: z.string().max(100, MEMBER_NOT_FOUND) });

// ── Invitations ─────────────────────────────────────────────────────────────

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: assignableRoleSchema,
  clientIds: z.array(z.string()),
  /** Null when the person who invited has since left RankMaps. */
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
/** GET /api/team/invitations: the open ones (neither accepted nor revoked), newest first. */
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** POST /api/team/invitations. */
export const createInvitationBodySchema = z
  .strictObject({ email: emailSchema, role: assignableRoleSchema, clientIds: clientIdsSchema }, v('invitationBodyInvalid'))
  .refine(withClients, clientsRequired);
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;
export type CreateInvitationInput = z.input<typeof createInvitationBodySchema>;
export const invitationParamsSchema = z.object({ id: z.string().max(100, INVITATION_NOT_FOUND) });

/** A token of any shape is looked up (an unknown one is the same 410 as a used one); only a missing or absurd one is a 400. */
const invitationTokenSchema = z.string(v('invitationTokenMissing')).min(1, v('invitationTokenMissing')).max(200, v('invitationTokenMissing'));
export const invitationTokenQuerySchema = z.object({ token: invitationTokenSchema });

/** GET /api/team/invitations/accept: what the invitation page shows before accepting. */
export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  inviterName: z.string().nullable(),
  role: assignableRoleSchema,
  email: z.string(),
  /** Whether the address already has an account: then the page asks to sign in, else for a name and a password. */
  hasAccount: z.boolean(),
  brand: workspaceBrandSchema,
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /api/team/invitations/accept. Signed in (Bearer), the token alone; otherwise a new
 * account's name and password too (the sign-up rules), which the server asks for then.
 */
export const acceptInvitationBodySchema = z
  .strictObject(
    {
      token: invitationTokenSchema,
      name: nameSchema.optional(),
      password: passwordSchema.optional(),
      confirmPassword: z.string(v('passwordRequired')).max(200, v('tooLong')).optional(),
    },
    v('invitationAcceptBodyInvalid'),
  )
  .refine((b) => b.password === undefined || b.password === b.confirmPassword, { message: v('passwordsMismatch'), path: ['confirmPassword'] });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
export type AcceptInvitationInput = z.input<typeof acceptInvitationBodySchema>;
export const acceptInvitationAnswerSchema = z.object({ accessToken: z.string(), workspaceId: z.uuid() });
export type AcceptInvitationAnswer = z.infer<typeof acceptInvitationAnswerSchema>;

// ── Ownership ───────────────────────────────────────────────────────────────

/** POST /api/team/ownership-transfer: the member who is to become the owner. */
export const transferOwnershipBodySchema = z.strictObject({ userId: z.uuid(v('transferUserIdInvalid')) }, v('transferBodyInvalid'));
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;
