import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';

const token = { token: { type: 'string', description: 'The token at the end of the invitation link.' } };

export const getInvitationOperation: ExpertOperationDoc = {
  operationId: 'getInvitation',
  tag: 'Console sign-in',
  summary: 'Look at an invitation',
  description: 'Whom the link invites, until when. 404 when unknown, used or expired (one answer for all).',
  response: componentRef('InvitationPreview'),
  pathParams: token,
};

export const acceptInvitationOperation: ExpertOperationDoc = {
  operationId: 'acceptInvitation',
  tag: 'Console sign-in',
  summary: 'Accept an invitation: choose a password and sign in',
  description:
    'One-time. A refused password is 400 naming `password`. Members and operators may choose a `name` (experts: 400 naming `name`). Ends any earlier session of the expert or operator; sets the session cookie.',
  response: componentRef('Session'),
  setsCookie: true,
  pathParams: token,
};

export const signInOperation: ExpertOperationDoc = {
  operationId: 'signIn',
  tag: 'Console sign-in',
  summary: 'Sign in',
  description:
    'A wrong email and a wrong password are the same 401. Failed sign-ins are limited per account and per address (429 with `Retry-After`). Sets the session cookie.',
  response: componentRef('Session'),
  setsCookie: true,
  errors: ['authentication_failed', 'rate_limited'],
};

export const getSessionOperation: ExpertOperationDoc = {
  operationId: 'getSession',
  tag: 'Console sign-in',
  summary: 'The current session',
  description: 'With its CSRF token. 401 when not signed in.',
  response: componentRef('Session'),
};

export const signOutOperation: ExpertOperationDoc = {
  operationId: 'signOut',
  tag: 'Console sign-in',
  summary: 'Sign out',
  description: 'Ends this session on every replica at once.',
};

export const signOutEverywhereOperation: ExpertOperationDoc = {
  operationId: 'signOutEverywhere',
  tag: 'Console sign-in',
  summary: 'Sign out everywhere',
  description: 'Ends every session of the signed-in person.',
};
