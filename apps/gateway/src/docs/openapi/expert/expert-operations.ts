import type { ErrorCode } from '@eh/contracts';
import { componentRef, idOf, type JsonSchema } from '../json-schema';
import type { MediaTypeObject } from '../openapi-document.types';
import { DASHBOARD_CONSOLE_OPERATIONS } from './dashboard-console.operations';
import { pushSubscriptionBody, settingsChangeBody } from './notification.schemas';

/** What route metadata cannot say about an operation of the expert document. */
export interface ExpertOperationDoc {
  operationId: string;
  tag: 'Work' | 'Files and drafts' | 'Live updates' | 'Notifications' | 'Console sign-in' | 'Workspace' | 'Meta';
  summary: string;
  description?: string;
  /** A JSON success body (absent with `content`, or on 204). */
  response?: JsonSchema;
  /** A success body that is not JSON (the event stream), by media type. */
  content?: Record<string, MediaTypeObject>;
  /** A request body that is not a DTO (the raw upload). */
  requestBody?: { required: boolean; content: Record<string, MediaTypeObject> };
  /** Answers that set the session cookie. */
  setsCookie?: boolean;
  errors?: ErrorCode[];
  query?: JsonSchema[];
  pathParams?: Record<string, JsonSchema>;
}

const deploymentId = { id: idOf('deployment') };
const token = { token: { type: 'string', description: 'The token at the end of the invitation link.' } };
const expertDeployment = componentRef('ExpertDeployment');
const actionErrors: ErrorCode[] = ['invalid_state_transition', 'expert_not_assigned'];

const action = (operationId: string, summary: string, description: string, errors: ErrorCode[] = actionErrors): ExpertOperationDoc => ({
  operationId,
  tag: 'Work',
  summary,
  description,
  response: expertDeployment,
  errors,
  pathParams: deploymentId,
});

/** Keys are `METHOD /nest/path/:param`, as route discovery names routes. */
export const EXPERT_OPERATIONS: Record<string, ExpertOperationDoc> = {
  'GET /expert/v1/me': { operationId: 'getMe', tag: 'Work', summary: 'Who is signed in', description: 'The expert’s roster entry: availability and rate included.', response: componentRef('RosterEntry') },
  'GET /expert/v1/offers': { operationId: 'listOffers', tag: 'Work', summary: 'Offers open to you now', description: 'One per deployment, soonest expiry first.', response: componentRef('WorkItemList') },
  'GET /expert/v1/assignments': {
    operationId: 'listAssignments',
    tag: 'Work',
    summary: 'Work assigned to you',
    description: 'Active work (accepted, in progress, needs input); `status=all` adds finished work. The latest 100.',
    response: componentRef('WorkItemList'),
    query: [{ name: 'status', in: 'query', required: false, schema: { type: 'string', enum: ['active', 'all'], default: 'active' } }],
  },
  'GET /expert/v1/deployments/:id': {
    operationId: 'getDeployment',
    tag: 'Work',
    summary: 'One deployment offered or assigned to you',
    description: 'The brief, context, question and reply; the workspace’s brand memory while you work it. 404 for anyone else’s.',
    response: expertDeployment,
    pathParams: deploymentId,
  },
  'POST /expert/v1/deployments/:id/accept': action('acceptOffer', 'Accept the offer', 'Only the expert the open offer is for, before it expires.'),
  'POST /expert/v1/deployments/:id/decline': action('declineOffer', 'Decline the offer', 'The offer passes to the next expert; you are not offered this deployment again.'),
  'POST /expert/v1/deployments/:id/start': action('startWork', 'Start work', 'From accepted; `started_at` is set.'),
  'POST /expert/v1/deployments/:id/ask': action('askQuestion', 'Ask the one clarifying question', 'The agent has the reply window to answer.', [...actionErrors, 'question_already_asked']),
  'POST /expert/v1/deployments/:id/publish': action(
    'publishOutput',
    'Publish the output',
    'Markdown body, attachments (links, or `{attachment_id}` of uploads), duration and charge; settled at most at `credits_reserved`. The draft is deleted.',
  ),
  'POST /expert/v1/deployments/:id/cancel': action('cancelWork', 'Cancel as the expert', 'A reason (the agent is told) and optionally a partial output.'),
  'POST /expert/v1/availability': {
    operationId: 'setAvailability',
    tag: 'Work',
    summary: 'Set your availability',
    description:
      'Only `online` experts receive offers, and only while they can be reached: a console open (the event stream) or a working notification channel. `available_until` ends `online` at a time (future, at most 7 days ahead); past it no offers come and availability turns `offline`. Two offers in a row left to expire set you `away`: set `online` to take offers again.',
    response: componentRef('RosterEntry'),
  },
  'GET /expert/v1/offers/missed': {
    operationId: 'listMissedOffers',
    tag: 'Work',
    summary: 'Offers you declined or let lapse',
    description:
      'Offers made to you in the last 30 days (CONSOLE_MISSED_OFFERS_DAYS) that ended in your decline or timed out, newest first, at most 50 (CONSOLE_MISSED_OFFERS_LIMIT): the skills and the credits reserved, never the brief (the deployment is no longer yours).',
    response: componentRef('MissedOfferList'),
  },
  'GET /expert/v1/earnings': { operationId: 'getEarnings', tag: 'Work', summary: 'Finished work and credits earned', response: componentRef('Earnings') },
  'GET /expert/v1/earnings/periods': {
    operationId: 'getEarningsByPeriod',
    tag: 'Work',
    summary: 'Credits earned per week or month',
    description: 'Completed work grouped by the week (Monday first) or month it was completed in, in your time zone, newest first, with the total over all of it. A bad `period` or `time_zone` is 400 naming it.',
    response: componentRef('EarningsByPeriod'),
    query: [
      { name: 'period', in: 'query', required: false, schema: { type: 'string', enum: ['week', 'month'], default: 'month' } },
      { name: 'time_zone', in: 'query', required: false, description: 'An IANA time zone name, such as `Europe/Paris`.', schema: { type: 'string', default: 'UTC' } },
    ],
  },
  'GET /expert/v1/earnings.csv': {
    operationId: 'exportEarnings',
    tag: 'Work',
    summary: 'Export completed work as CSV',
    description:
      'Your completed work with `completed_at` in [`from`, `to`), oldest first, as `text/csv` (RFC 4180: a header row, CRLF, fields quoted when they hold a comma, quote or line break; text that a spreadsheet would run as a formula starts with an apostrophe). Columns: completed_at, deployment_id, skills (space-separated), credits_charged, duration_seconds, rating, brief. Both bounds are optional; each is a date (`YYYY-MM-DD`, its start in UTC) or a date and time with its offset. A malformed bound, or `from` not before `to`, is 400 naming it.',
    content: { 'text/csv': { schema: { type: 'string', description: 'completed_at,deployment_id,skills,credits_charged,duration_seconds,rating,brief\r\n then one record per deployment.' } } },
    query: [
      { name: 'from', in: 'query', required: false, description: 'Inclusive.', schema: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] } },
      { name: 'to', in: 'query', required: false, description: 'Exclusive.', schema: { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }] } },
    ],
  },
  'GET /expert/v1/events': {
    operationId: 'streamEvents',
    tag: 'Live updates',
    summary: 'Live updates (server-sent events)',
    description:
      'A `text/event-stream` of what changed for you: `offer.created` `{deployment_id, offer_expires_at}`, `offer.ended` `{deployment_id, reason: accepted|declined|expired|withdrawn}`, `deployment.updated` `{deployment_id, status, sequence}`, and a `: keepalive` comment every 15 s. Messages say what changed; read the rest through this API. A signed-out session’s stream ends within one keepalive period. At most 5 streams are open per expert, every session and credential together (EXPERT_EVENT_STREAMS_PER_EXPERT): one more is 429 `rate_limited` with `Retry-After`, and a closed stream frees its slot at once.',
    content: { 'text/event-stream': { schema: { type: 'string', description: 'event: <type>\\ndata: <JSON>\\n\\n, repeated.' } } },
  },
  'POST /expert/v1/attachments': {
    operationId: 'uploadAttachment',
    tag: 'Files and drafts',
    summary: 'Upload a file for an output',
    description:
      'The file is the raw body, with its own `Content-Type`; at most 25 MB (a larger `Content-Length` is 400 naming `body` before the body is read). Only for a deployment assigned to you and still open; your uploads for one deployment are bounded in all (by default 40 files and 100 MiB: past either, 400 naming `body` or `deployment_id`), and one upload at a time (another meanwhile is 429 with `Retry-After`). A refusal closes the connection without reading the body. Publish or save a draft with the returned id.',
    response: componentRef('Attachment'),
    requestBody: { required: true, content: { '*/*': { schema: { description: 'The file’s bytes.' } } } },
    query: [
      { name: 'deployment_id', in: 'query', required: true, schema: idOf('deployment') },
      { name: 'filename', in: 'query', required: true, description: 'The file name shown to the agent: 1 to 255 characters, no path.', schema: { type: 'string', minLength: 1, maxLength: 255 } },
    ],
    errors: ['expert_not_assigned', 'invalid_state_transition', 'not_found'],
  },
  'GET /expert/v1/deployments/:id/draft': {
    operationId: 'getDraft',
    tag: 'Files and drafts',
    summary: 'Your draft of the output',
    description: 'The empty draft (`updated_at: null`) until one is saved.',
    response: componentRef('Draft'),
    errors: ['expert_not_assigned'],
    pathParams: deploymentId,
  },
  'PUT /expert/v1/deployments/:id/draft': {
    operationId: 'saveDraft',
    tag: 'Files and drafts',
    summary: 'Save your draft of the output',
    description: 'Replaces the whole draft. Only while the work is open; attachments must be your uploads for this deployment.',
    response: componentRef('Draft'),
    errors: ['expert_not_assigned', 'invalid_state_transition'],
    pathParams: deploymentId,
  },
  'GET /expert/v1/notification-settings': {
    operationId: 'getNotificationSettings',
    tag: 'Notifications',
    summary: 'How you are told of offers',
    description:
      'E-mail (to your console sign-in address, when a mail server is configured: `deliverable`) and Web Push (to each browser you subscribed; `vapid_public_key` is the key to subscribe with, null when push is not configured), and whether the console plays a sound. You are told of each offer made to you (its skills, the credits cap, an estimate at your rate and when it must be accepted), of the agent’s reply to your question, and of work of yours cancelled by someone else. Everything is on until you turn it off.',
    response: componentRef('NotificationSettings'),
  },
  'PATCH /expert/v1/notification-settings': {
    operationId: 'changeNotificationSettings',
    tag: 'Notifications',
    summary: 'Turn e-mail, push or the sound on or off',
    description: 'Any of `email_enabled`, `push_enabled`, `sound`; others are kept. An unknown field or a value that is not a boolean is 400 naming it.',
    response: componentRef('NotificationSettings'),
    requestBody: { required: true, content: { 'application/json': { schema: settingsChangeBody } } },
  },
  'POST /expert/v1/push-subscriptions': {
    operationId: 'subscribeToPush',
    tag: 'Notifications',
    summary: 'Subscribe this browser to Web Push',
    description:
      'The body is the browser’s `PushSubscription.toJSON()`. 201 with the new subscription; the same endpoint again answers the existing one with 200 (its keys refreshed). 400 names the bad field: `endpoint` (not an https URL of a public host), `keys.p256dh`, `keys.auth`. A push service answering 404 or 410 ends the subscription.',
    response: componentRef('PushSubscription'),
    requestBody: { required: true, content: { 'application/json': { schema: pushSubscriptionBody } } },
  },
  'DELETE /expert/v1/push-subscriptions/:id': {
    operationId: 'unsubscribeFromPush',
    tag: 'Notifications',
    summary: 'Stop pushing to a browser',
    description: 'No more pushes go to it. 404 for an id that is not one of your subscriptions.',
    errors: ['not_found'],
    pathParams: { id: { type: 'string', pattern: '^psub_[0-9A-HJKMNP-TV-Z]{26}$' } },
  },
  'GET /expert/v1/openapi.json': {
    operationId: 'getExpertOpenApiDocument',
    tag: 'Meta',
    summary: 'This OpenAPI 3.1 document',
    description: 'The expert API and the console’s sign-in API, generated from the running code.',
    response: { type: 'object', required: ['openapi', 'info', 'paths'] },
  },
  'GET /console/api/v1/invitations/:token': {
    operationId: 'getInvitation',
    tag: 'Console sign-in',
    summary: 'Look at an invitation',
    description: 'Whom the link invites, until when. 404 when unknown, used or expired (one answer for all).',
    response: componentRef('InvitationPreview'),
    pathParams: token,
  },
  'POST /console/api/v1/invitations/:token/accept': {
    operationId: 'acceptInvitation',
    tag: 'Console sign-in',
    summary: 'Accept an invitation: choose a password and sign in',
    description: 'One-time. A refused password is 400 naming `password`. Members and operators may choose a `name` (experts: 400 naming `name`). Ends any earlier session of the expert or operator; sets the session cookie.',
    response: componentRef('Session'),
    setsCookie: true,
    pathParams: token,
  },
  'POST /console/api/v1/sessions': {
    operationId: 'signIn',
    tag: 'Console sign-in',
    summary: 'Sign in',
    description: 'A wrong email and a wrong password are the same 401. Failed sign-ins are limited per account and per address (429 with `Retry-After`). Sets the session cookie.',
    response: componentRef('Session'),
    setsCookie: true,
    errors: ['authentication_failed', 'rate_limited'],
  },
  'GET /console/api/v1/session': { operationId: 'getSession', tag: 'Console sign-in', summary: 'The current session', description: 'With its CSRF token. 401 when not signed in.', response: componentRef('Session') },
  'DELETE /console/api/v1/session': { operationId: 'signOut', tag: 'Console sign-in', summary: 'Sign out', description: 'Ends this session on every replica at once.' },
  'POST /console/api/v1/sessions/revoke-all': { operationId: 'signOutEverywhere', tag: 'Console sign-in', summary: 'Sign out everywhere', description: 'Ends every session of the signed-in person.' },
  // The workspace dashboard's own routes.
  ...DASHBOARD_CONSOLE_OPERATIONS,
};
