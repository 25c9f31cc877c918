import type { StoredSubscription } from '@eh/notifications';
import type { NotificationSettingsResource } from '../../../notifications/notification-settings.resource';
import { componentRef, objectOf, orNull, timestamp, type JsonSchema } from '../json-schema';

/** Bodies of the expert's notification settings and push subscriptions, typed against their handlers. */
const subscription = objectOf<StoredSubscription & { object: 'push_subscription' }>(
  {
    object: { type: 'string', const: 'push_subscription' },
    id: { type: 'string', pattern: '^psub_[0-9A-HJKMNP-TV-Z]{26}$' },
    created_at: timestamp(),
    user_agent: { type: ['string', 'null'], description: 'The browser that subscribed, as it named itself.' },
    last_sent_at: orNull(timestamp()),
    failing: { type: 'boolean', description: 'The last push to it failed (it is retried; a 404/410 removes it).' },
  },
  { optional: ['object'] },
);

const settings = objectOf<NotificationSettingsResource>({
  email: objectOf<NotificationSettingsResource['email']>({
    enabled: { type: 'boolean' },
    address: { type: ['string', 'null'], description: 'Your console sign-in address; null when not known.' },
    deliverable: { type: 'boolean', description: 'False when no mail server is configured or no address is known: no e-mail can go out.' },
  }),
  push: objectOf<NotificationSettingsResource['push']>({
    enabled: { type: 'boolean' },
    vapid_public_key: {
      type: ['string', 'null'],
      description: 'The application server key to subscribe with (`applicationServerKey`); null when Web Push is not configured.',
    },
    subscriptions: { type: 'array', items: componentRef('PushSubscription') },
  }),
  sound: { type: 'boolean', description: 'Whether the console plays a sound on a new offer.' },
});

export const NOTIFICATION_SCHEMAS: Record<string, JsonSchema> = {
  NotificationSettings: settings,
  PushSubscription: subscription,
};

/** The two request bodies the handlers parse themselves. */
export const settingsChangeBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { email_enabled: { type: 'boolean' }, push_enabled: { type: 'boolean' }, sound: { type: 'boolean' } },
};

export const pushSubscriptionBody: JsonSchema = {
  type: 'object',
  description: 'The browser’s `PushSubscription.toJSON()`.',
  required: ['endpoint', 'keys'],
  additionalProperties: false,
  properties: {
    endpoint: { type: 'string', format: 'uri', maxLength: 2048, description: 'The push service URL (https).' },
    expirationTime: { type: ['number', 'null'] },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', description: 'base64url of the P-256 public key (65 bytes).' },
        auth: { type: 'string', description: 'base64url of the 16-byte auth secret.' },
      },
    },
  },
};
