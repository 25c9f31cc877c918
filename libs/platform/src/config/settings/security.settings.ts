import { inGroup, readBy } from './setting';

/** The catalogue's Security settings. */
export const securitySettings = inGroup(
  'Security',
  readBy(
    ['all', 'cli'],
    [
      {
        name: 'NODE_ENV',
        default: 'unset',
        meaning:
          '`production` refuses to start without SECRETS_KEYRING or, on the gateway, without an https PUBLIC_BASE_URL or TLS_TERMINATED_BY_PROXY; `test` silences the development-key warning.',
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'ADMIN_API_KEY',
        default: 'unset',
        meaning: 'The operations credential for /admin/v1 (at least 32 characters); unset, only operators signed in to the console reach the admin API.',
      },
      {
        name: 'CURSOR_SECRET',
        default: 'a random key per process',
        meaning: 'Key (at least 32 characters) that signs list cursors; every gateway replica must share it or cursors work only where they were made.',
      },
    ],
  ),
  readBy(
    ['gateway', 'webhooks', 'cli'],
    [
      {
        name: 'SECRETS_KEYRING',
        default: 'a public development key',
        meaning: 'Keys that seal webhook signing secrets at rest, `<key-id>:<base64 of 32 bytes>[,<older key>…]`: the first seals, any opens.',
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'AUTH_CACHE_MS',
        default: '100',
        meaning: 'The longest a revoked API key or a retired expert’s credential still works on a gateway it was not revoked through (0: none is cached).',
      },
      {
        name: 'TLS_TERMINATED_BY_PROXY',
        default: 'false',
        meaning: '`true` when a proxy in front ends TLS: the session cookie is then Secure even with an http PUBLIC_BASE_URL.',
      },
    ],
  ),
);
