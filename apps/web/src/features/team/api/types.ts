// The teams API's shapes (docs/decisions.md §30.7): the server's own schema's types, under the
// names these screens use.
export {
  ASSIGNABLE_ROLES,
  type AcceptInvitationAnswer as AcceptedInvitation,
  type AcceptInvitationInput,
  type AssignableRole,
  type CreateInvitationInput as InvitationInput,
  type Invitation,
  type InvitationList,
  type InvitationPreview,
  type TeamMember,
  type TeamMembers as MemberList,
  type UpdateMemberInput as MemberChange,
} from '@rankmaps/shared/schemas/team';

/** The code of the 410 an expired, used, revoked or unknown invitation answers. */
export const INVITATION_INVALID = 'INVITATION_INVALID';
