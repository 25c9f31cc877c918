import { inGroup, readBy } from './setting';

/** The catalogue's Time settings. */
export const timeSettings = inGroup(
  'Time',
  readBy(
    ['gateway'],
    [
      {
        name: 'SLA_PRIORITY_SECONDS',
        default: '3600',
        meaning: 'How long a priority deployment may wait for an expert to accept before it expires.',
      },
      {
        name: 'SLA_STANDARD_SECONDS',
        default: '14400',
        meaning: 'How long a standard deployment may wait for an expert to accept before it expires.',
      },
    ],
  ),
  readBy(
    ['gateway', 'router'],
    [
      {
        name: 'REPLY_WINDOW_SECONDS',
        default: '86400',
        meaning: "How long the agent has to answer the expert's question before the deployment expires.",
      },
    ],
  ),
  readBy(
    ['gateway'],
    [
      {
        name: 'SCHEDULED_LEAD_SECONDS',
        default: '900',
        meaning: 'How far in the future a scheduled deployment must start at the least.',
      },
      {
        name: 'IDEMPOTENCY_TTL_SECONDS',
        default: '86400',
        meaning: 'How long the answer to a request with an Idempotency-Key is kept and replayed.',
      },
    ],
  ),
  readBy(
    ['gateway', 'router'],
    [
      {
        name: 'OFFER_TIMEOUT_SECONDS',
        default: '300',
        meaning: 'How long one expert has to accept or decline an offer before it goes to the next.',
      },
    ],
  ),
  readBy(
    ['router'],
    [
      {
        name: 'TIMER_RECONCILE_SECONDS',
        default: '60',
        meaning: 'How often the router derives every timer again from the read models (at least 1).',
      },
    ],
  ),
  readBy(
    ['gateway', 'router'],
    [
      {
        name: 'BRIEF_FIT_HALF_LIFE_SECONDS',
        default: '2592000',
        meaning: "A completed deployment's weight in the expert's brief-fit for that workspace halves every this many seconds (30 days).",
      },
    ],
  ),
);
