import { inGroup, readBy } from './setting';

/** The catalogue's Mail and notifications settings. */
export const mailAndNotificationSettings = inGroup(
  'Mail and notifications',
  readBy(
    ['router', 'webhooks', 'gateway'],
    [
      {
        name: 'SMTP_URL',
        default: 'unset',
        meaning: 'Where outgoing mail goes (`smtp://host:port` or `smtps://user:pass@host:465`); unset, no mail is sent and whatever needs it says so.',
      },
      {
        name: 'MAIL_FROM',
        default: 'Expert Handoff <no-reply@expert-handoff.localhost>',
        meaning: 'The From header of every message.',
      },
      {
        name: 'SMTP_CONNECTION_TIMEOUT_MS',
        default: '5000',
        meaning: 'A mail server that has not answered the connection within this is given up on.',
      },
      {
        name: 'SMTP_SOCKET_TIMEOUT_MS',
        default: '10000',
        meaning: 'A mail conversation silent this long is given up on.',
      },
    ],
  ),
  readBy(
    ['webhooks', 'gateway'],
    [
      {
        name: 'VAPID_PUBLIC_KEY',
        default: 'unset',
        meaning: "The Web Push key pair's public half (`npx web-push generate-vapid-keys`); unset, no push is offered or sent.",
      },
      {
        name: 'VAPID_PRIVATE_KEY',
        default: 'unset',
        meaning: "The Web Push key pair's private half, set together with the public one.",
      },
      {
        name: 'VAPID_SUBJECT',
        default: 'mailto:operations@expert-handoff.localhost',
        meaning: 'The contact a push service may write to about our pushes (a mailto: or https: URL).',
      },
      {
        name: 'PUSH_ALLOW_PRIVATE_ENDPOINTS',
        default: 'false',
        meaning: 'When true, push subscriptions may point at http or private addresses: for tests and local development only.',
      },
      {
        name: 'PUSH_TIMEOUT_MS',
        default: '10000',
        meaning: 'A push service that has not answered within this is given up on for that attempt.',
      },
      {
        name: 'NOTIFY_LEASE_MS',
        default: '60000',
        meaning: 'How long a claimed notification send is held before another process may take it over; at least twice the longest attempt.',
      },
      {
        name: 'NOTIFY_POLL_INTERVAL_MS',
        default: '1000',
        meaning: 'How often due notification retries and abandoned claims are looked for.',
      },
      {
        name: 'NOTIFY_CONCURRENCY',
        default: '32',
        meaning: 'Notification sends in flight per process.',
      },
    ],
  ),
);
