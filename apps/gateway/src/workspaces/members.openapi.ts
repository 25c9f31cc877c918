import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef, idOf } from '../docs/openapi/json-schema';
import { owner, post } from '../docs/openapi/parts/member-console.parts';

export const listMembersOperation: ExpertOperationDoc = {
  operationId: 'listMembers',
  tag: 'Workspace',
  summary: 'The team (owners only)',
  response: componentRef('MemberList'),
  errors: owner,
};

export const inviteMemberOperation: ExpertOperationDoc = {
  operationId: 'inviteMember',
  tag: 'Workspace',
  summary: 'Invite a member (owners only)',
  description:
    'A one-time link in `url`, shown once, expiring after 72 h. An email already signing in to the console (in any workspace, or as an expert or operator) is 400 naming `email`.',
  response: componentRef('MemberInvitationWithLink'),
  errors: [...owner, ...post],
};

export const listMemberInvitationsOperation: ExpertOperationDoc = {
  operationId: 'listMemberInvitations',
  tag: 'Workspace',
  summary: 'Open invitations (owners only)',
  response: componentRef('MemberInvitationList'),
  errors: owner,
};

export const revokeMemberInvitationOperation: ExpertOperationDoc = {
  operationId: 'revokeMemberInvitation',
  tag: 'Workspace',
  summary: 'Revoke an invitation (owners only)',
  response: componentRef('DeletedMemberInvitation'),
  pathParams: { id: idOf('memberInvitation') },
  errors: owner,
};

export const changeMemberRoleOperation: ExpertOperationDoc = {
  operationId: 'changeMemberRole',
  tag: 'Workspace',
  summary: 'Change a member’s role (owners only)',
  description: 'The last owner cannot become a developer (409 `last_owner`).',
  response: componentRef('Member'),
  pathParams: { id: idOf('member') },
  errors: [...owner, 'last_owner', ...post],
};

export const removeMemberOperation: ExpertOperationDoc = {
  operationId: 'removeMember',
  tag: 'Workspace',
  summary: 'Remove a member (owners only)',
  description: 'Ends their sessions at once. The last owner cannot be removed (409 `last_owner`).',
  response: componentRef('DeletedMember'),
  pathParams: { id: idOf('member') },
  errors: [...owner, 'last_owner'],
};
