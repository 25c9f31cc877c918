import { inGroup, readBy } from './setting';

/** The catalogue's Attachments settings. */
export const attachmentSettings = inGroup(
  'Attachments',
  readBy(
    ['gateway', 'webhooks'],
    [
      {
        name: 'ATTACHMENT_URL_SECRET',
        default: 'a random key per process',
        meaning:
          'Key (at least 32 characters) that signs attachment URLs; every gateway replica and the webhooks service must share it (`npm start` draws one for all its children).',
      },
      {
        name: 'ATTACHMENT_URL_SECRET_PREVIOUS',
        default: 'unset',
        meaning: 'The key before the current one, still accepted during a rotation.',
      },
      {
        name: 'ATTACHMENT_URL_TTL_SECONDS',
        default: '86400',
        meaning: 'How long a signed attachment URL works from when it is shown.',
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'ATTACHMENT_MAX_BYTES',
        default: '26214400',
        meaning: 'Largest upload (25 MiB): a larger declared length is refused before the body is read, a chunked body the moment it goes past.',
      },
      {
        name: 'ATTACHMENT_MAX_BYTES_PER_DEPLOYMENT',
        default: '104857600',
        meaning: 'Most bytes one expert may upload for one deployment in all, removed draft files included.',
      },
      {
        name: 'ATTACHMENT_MAX_FILES_PER_DEPLOYMENT',
        default: '40',
        meaning: 'Most files one expert may upload for one deployment in all, removed draft files included.',
      },
      {
        name: 'ATTACHMENT_UPLOADS_IN_FLIGHT_PER_EXPERT',
        default: '1',
        meaning: 'Uploads one expert may have running at once on one gateway process; past it 429.',
      },
    ],
  ),
);
