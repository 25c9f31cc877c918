import { inGroup, readBy } from './setting';

/** The catalogue's Console settings. */
export const consoleSettings = inGroup(
  'Console',
  readBy(
    ['gateway'],
    [
      {
        name: 'CONSOLE_DIR',
        default: 'dist/console',
        meaning: 'Where the built console is that the gateway serves at /console.',
      },
    ],
  ),
  readBy(
    ['gateway', 'cli'],
    [
      {
        name: 'CONSOLE_INVITATION_TTL_SECONDS',
        default: '259200',
        meaning: 'How long an invitation link works (72 h).',
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'CONSOLE_SESSION_IDLE_SECONDS',
        default: '43200',
        meaning: 'A console session ends after this long without a request (12 h).',
      },
      {
        name: 'CONSOLE_SESSION_ABSOLUTE_SECONDS',
        default: '604800',
        meaning: 'A console session ends this long after sign-in in any case (7 days).',
      },
      {
        name: 'CONSOLE_SIGNIN_ACCOUNT_LIMIT',
        default: '5',
        meaning: 'Sign-ins at one account from one client address per window before 429, so guesses elsewhere never lock the person out.',
      },
      {
        name: 'CONSOLE_SIGNIN_ADDRESS_LIMIT',
        default: '20',
        meaning: 'Sign-ins from one client address per window, whatever the accounts.',
      },
      {
        name: 'CONSOLE_SIGNIN_ACCOUNT_TOTAL_LIMIT',
        default: '100',
        meaning: 'Sign-ins at one account from every address together per window: the bound on a spread-out guesser.',
      },
      {
        name: 'CONSOLE_SIGNIN_WINDOW_SECONDS',
        default: '900',
        meaning: 'The sliding window of the three sign-in limits; an attempt counts before its password is checked and is given back on success.',
      },
      {
        name: 'CONSOLE_SSE_KEEPALIVE_SECONDS',
        default: '15',
        meaning: "Interval of the comment sent on idle event streams so proxies keep them open; a crashed gateway's streams stop counting after three of them.",
      },
      {
        name: 'CONSOLE_MISSED_OFFERS_DAYS',
        default: '30',
        meaning: "How far back the expert's missed offers go.",
      },
      {
        name: 'CONSOLE_MISSED_OFFERS_LIMIT',
        default: '50',
        meaning: 'Most missed offers listed at once.',
      },
    ],
  ),
  readBy(
    ['gateway', 'router'],
    [
      {
        name: 'EXPERT_PRESENCE_GRACE_SECONDS',
        default: '75',
        meaning:
          'How long an expert still counts as connected after their last console event stream closed (at least 3): a reload or a network blip is not leaving; each gateway refreshes presence every third of it.',
      },
    ],
  ),
  readBy(
    ['router'],
    [
      {
        name: 'EXPERT_REACHABILITY',
        default: 'required',
        meaning:
          '`required`: live work is offered only to online experts who can be reached (a console open or a working notification channel); `off`: to every online expert.',
      },
    ],
  ),
);
