import { inGroup, readBy } from './setting';

/** The catalogue's Webhooks settings. */
export const webhookSettings = inGroup(
  'Webhooks',
  readBy(
    ['webhooks'],
    [
      {
        name: 'WEBHOOK_RETRY_DELAYS_MS',
        default: '30000,120000,480000,1800000,7200000,28800000',
        meaning: 'Delay before each retry of a failed delivery, comma-separated; after the last, the delivery is dead-lettered.',
      },
      {
        name: 'WEBHOOK_TIMEOUT_MS',
        default: '10000',
        meaning: 'An attempt without an answer within this is a timeout, retried like a 5xx.',
      },
    ],
  ),
  readBy(
    ['gateway', 'cli'],
    [
      {
        name: 'WEBHOOK_SECRET_OVERLAP_SECONDS',
        default: '86400',
        meaning: 'How long a rotated-out signing secret keeps signing beside the new one, unless the rotation says otherwise.',
      },
    ],
  ),
  readBy(
    ['webhooks'],
    [
      {
        name: 'WEBHOOK_CONCURRENCY',
        default: '50',
        meaning: 'Retries in flight per process, and as many first attempts made at once without the queue.',
      },
      {
        name: 'WEBHOOK_RECONCILE_INTERVAL_MS',
        default: '30000',
        meaning: 'How often pending deliveries are derived again from PostgreSQL into the queue.',
      },
      {
        name: 'WEBHOOK_JOB_LOCK_MS',
        default: '30000',
        meaning: 'A worker that died holding a delivery job frees it after this.',
      },
      {
        name: 'WEBHOOK_FANOUT_ACK_WAIT_MS',
        default: '30000',
        meaning: 'Events held by a dead fan-out process come back to the others after this.',
      },
      {
        name: 'WEBHOOK_FANOUT_CONSUMERS',
        default: '1',
        meaning: 'Pullers per process on each fan-out consumer (deployments, handoffs).',
      },
      {
        name: 'WEBHOOK_FANOUT_CONCURRENCY',
        default: '64',
        meaning: "Events each fan-out puller handles at once; one deployment's or handoff's are still posted in order.",
      },
      {
        name: 'WEBHOOK_FIRST_ATTEMPT_WAIT_MS',
        default: '200',
        meaning: "How long the fan-out waits for a new delivery's first attempt so the schedule and the attempt are one append; 0 records the schedule first.",
      },
    ],
  ),
  readBy(
    ['gateway', 'webhooks', 'cli'],
    [
      {
        name: 'WEBHOOK_OVERDUE_AFTER_SECONDS',
        default: '60',
        meaning: 'A scheduled attempt this far past due and not made is `overdue` on the delivery (and `?overdue=true` lists it): the service is behind.',
      },
    ],
  ),
  readBy(
    ['webhooks'],
    [
      {
        name: 'WEBHOOK_ENDPOINT_DISABLE_AFTER_SECONDS',
        default: '432000',
        meaning:
          "A partner endpoint every attempt to which has failed this long (5 days) is disabled and the workspace's owners e-mailed; enabling it again starts a new period.",
      },
      {
        name: 'WEBHOOK_ENDPOINT_HEALTH_INTERVAL_MS',
        default: '60000',
        meaning: 'How often the webhooks service looks for endpoints to disable and owners to tell.',
      },
    ],
  ),
  readBy(
    ['gateway', 'webhooks', 'cli'],
    [
      {
        name: 'WEBHOOK_ALLOW_PRIVATE_URLS',
        default: 'false',
        meaning: '`true` allows http and loopback or private addresses as webhook URLs: for tests and local development only.',
      },
    ],
  ),
);
