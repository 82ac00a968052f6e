import { emailSchema } from '@rankmaps/shared/schemas/auth';
import { SCOPED_ROLES } from '@rankmaps/shared/permissions';
import type { AssignableRole, InvitationInput } from '../api/types';

// The «Invitar» dialog's rules, checked before the request so the server's answers are the
// only other errors the dialog shows (docs/decisions.md §30.7).

export interface InviteValues {
  email: string;
  role: AssignableRole | '';
  clientIds: string[];
}

/** Keys in the `team` namespace, per field. */
export interface InviteErrors {
  email?: 'invite.errors.emailRequired' | 'invite.errors.emailInvalid';
  role?: 'invite.errors.roleRequired';
  clientIds?: 'invite.errors.clientsRequired';
}

/** Whether a role sees only its assigned clients, so an invitation or a change for it must name some. */
export const needsClients = (role: AssignableRole | ''): boolean => role !== '' && SCOPED_ROLES.includes(role);

/** The request to send, or the errors to show. */
export function validateInvite(values: InviteValues): { ok: true; input: InvitationInput } | { ok: false; errors: InviteErrors } {
  const errors: InviteErrors = {};
  const email = emailSchema.safeParse(values.email);
  if (!email.success) errors.email = values.email.trim() === '' ? 'invite.errors.emailRequired' : 'invite.errors.emailInvalid';
  if (values.role === '') errors.role = 'invite.errors.roleRequired';
  if (needsClients(values.role) && values.clientIds.length === 0) errors.clientIds = 'invite.errors.clientsRequired';
  if (!email.success || values.role === '' || Object.keys(errors).length > 0) return { ok: false, errors };
  // An administrator sees the whole workspace: no clients go with the role.
  return {
    ok: true,
    input: { email: email.data, role: values.role, clientIds: needsClients(values.role) ? [...new Set(values.clientIds)] : [] },
  };
}
