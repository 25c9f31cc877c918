import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { pushSubscriptionBody, settingsChangeBody } from '../docs/openapi/expert/notification.schemas';
import { componentRef } from '../docs/openapi/json-schema';

export const getNotificationSettingsOperation: ExpertOperationDoc = {
  operationId: 'getNotificationSettings',
  tag: 'Notifications',
  summary: 'How you are told of offers',
  description:
    'E-mail (to your console sign-in address, when a mail server is configured: `deliverable`) and Web Push (to each browser you subscribed; `vapid_public_key` is the key to subscribe with, null when push is not configured), and whether the console plays a sound. You are told of each offer made to you (its skills, the credits cap, an estimate at your rate and when it must be accepted), of the agent’s reply to your question, and of work of yours cancelled by someone else. Everything is on until you turn it off.',
  response: componentRef('NotificationSettings'),
};

export const changeNotificationSettingsOperation: ExpertOperationDoc = {
  operationId: 'changeNotificationSettings',
  tag: 'Notifications',
  summary: 'Turn e-mail, push or the sound on or off',
  description: 'Any of `email_enabled`, `push_enabled`, `sound`; others are kept. An unknown field or a value that is not a boolean is 400 naming it.',
  response: componentRef('NotificationSettings'),
  requestBody: { required: true, content: { 'application/json': { schema: settingsChangeBody } } },
};

export const subscribeToPushOperation: ExpertOperationDoc = {
  operationId: 'subscribeToPush',
  tag: 'Notifications',
  summary: 'Subscribe this browser to Web Push',
  description:
    'The body is the browser’s `PushSubscription.toJSON()`. 201 with the new subscription; the same endpoint again answers the existing one with 200 (its keys refreshed). 400 names the bad field: `endpoint` (not an https URL of a public host), `keys.p256dh`, `keys.auth`. A push service answering 404 or 410 ends the subscription.',
  response: componentRef('PushSubscription'),
  requestBody: { required: true, content: { 'application/json': { schema: pushSubscriptionBody } } },
};

export const unsubscribeFromPushOperation: ExpertOperationDoc = {
  operationId: 'unsubscribeFromPush',
  tag: 'Notifications',
  summary: 'Stop pushing to a browser',
  description: 'No more pushes go to it. 404 for an id that is not one of your subscriptions.',
  errors: ['not_found'],
  pathParams: { id: { type: 'string', pattern: '^psub_[0-9A-HJKMNP-TV-Z]{26}$' } },
};
