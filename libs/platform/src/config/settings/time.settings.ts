import { inGroup } from './setting';

/** The catalogue's Time settings. */
export const timeSettings = inGroup('Time', [
  {
    name: 'SLA_PRIORITY_SECONDS',
    default: '3600',
    used_by: ['gateway'],
    meaning: 'How long a priority deployment may wait for an expert to accept before it expires.',
  },
  {
    name: 'SLA_STANDARD_SECONDS',
    default: '14400',
    used_by: ['gateway'],
    meaning: 'How long a standard deployment may wait for an expert to accept before it expires.',
  },
  {
    name: 'REPLY_WINDOW_SECONDS',
    default: '86400',
    used_by: ['gateway', 'router'],
    meaning: "How long the agent has to answer the expert's question before the deployment expires.",
  },
  { name: 'SCHEDULED_LEAD_SECONDS', default: '900', used_by: ['gateway'], meaning: 'How far in the future a scheduled deployment must start at the least.' },
  {
    name: 'IDEMPOTENCY_TTL_SECONDS',
    default: '86400',
    used_by: ['gateway'],
    meaning: 'How long the answer to a request with an Idempotency-Key is kept and replayed.',
  },
  {
    name: 'OFFER_TIMEOUT_SECONDS',
    default: '300',
    used_by: ['gateway', 'router'],
    meaning: 'How long one expert has to accept or decline an offer before it goes to the next.',
  },
  {
    name: 'TIMER_RECONCILE_SECONDS',
    default: '60',
    used_by: ['router'],
    meaning: 'How often the router derives every timer again from the read models (at least 1).',
  },
  {
    name: 'BRIEF_FIT_HALF_LIFE_SECONDS',
    default: '2592000',
    used_by: ['gateway', 'router'],
    meaning: "A completed deployment's weight in the expert's brief-fit for that workspace halves every this many seconds (30 days).",
  },
]);
