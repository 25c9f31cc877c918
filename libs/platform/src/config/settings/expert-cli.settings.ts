import { inGroup, readBy } from './setting';

/** The catalogue's Expert CLI settings. */
export const expertCliSettings = inGroup(
  'Expert CLI',
  readBy(
    ['cli'],
    [
      {
        name: 'EXPERT_KEY',
        default: null,
        meaning: "The expert's `svc_expert_…` credential for `npm run expert`, unless `--key` is given.",
      },
      {
        name: 'EXPERT_API_URL',
        default: 'http://127.0.0.1:3000',
        meaning: 'The gateway `npm run expert` calls, unless `--url` is given (its port follows GATEWAY_PORT when unset).',
      },
    ],
  ),
);
