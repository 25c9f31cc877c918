import { DomainError, newId } from '@eh/contracts';
import {
  listDeliveries,
  overdueBefore,
  retryDeliveryNow,
  withOverdue,
  parseDeliveryStatus,
  registerWebhookEndpoint,
  replayDelivery,
  resealWebhookSecrets,
  replayMatching,
  rotateWebhookSecret,
  showDelivery,
  showWebhookEndpoint,
  type DeliveryFilter,
  type EndpointContext,
} from '@eh/delivery';
import { startSecretCipher, type ServiceConfig } from '@eh/platform';
import type { Database } from '@eh/runtime';
import type { OpsCommand } from './ops-commands';
import { text, required, withDatabase, type Options } from './ops-options';

const endpointContext = (database: Database, config: ServiceConfig): EndpointContext => ({
  sql: database.pool,
  store: database.store,
  cipher: startSecretCipher(config.secretKeyring),
  allowPrivateUrls: config.webhooks.allowPrivateUrls,
  now: new Date(),
  correlationId: newId('request'),
});

const FILTER_FLAGS = ['workspace', 'endpoint', 'event-type', 'deployment', 'created-after', 'created-before'] as const;

function filterOf(options: Options): Omit<DeliveryFilter, 'status'> {
  const filter = {
    workspace_id: text(options, 'workspace'),
    endpoint_id: text(options, 'endpoint'),
    event_type: text(options, 'event-type'),
    deployment_id: text(options, 'deployment'),
    created_after: text(options, 'created-after'),
    created_before: text(options, 'created-before'),
  };
  for (const bound of ['created_after', 'created_before'] as const) {
    const value = filter[bound];
    if (value !== undefined && Number.isNaN(Date.parse(value)))
      throw new DomainError('invalid_request', `--${bound.replace('_', '-')} must be an ISO 8601 date-time`, bound);
  }
  return filter;
}

/** Progress of a bulk replay on stderr, so stdout stays one JSON document. */
function progress(done: number, total: number): void {
  if (process.stderr.isTTY) process.stderr.write(`\rreplayed ${done}/${total}${done === total ? '\n' : ''}`);
  else if (done === total || done % 10 === 0) process.stderr.write(`replayed ${done}/${total}\n`);
}

/** Webhook endpoints, deliveries, dead letters and replay, straight on the event store. */
export const WEBHOOK_COMMANDS: Record<string, OpsCommand> = {
  'webhook:set': {
    usage: 'webhook:set --workspace <ws_id> --url <https url>',
    options: ['workspace', 'url'],
    summary: "Register the workspace's webhook endpoint (prints its signing secret, once), or replace its URL (the secret is kept).",
    run: (options, config) =>
      withDatabase(config, (database) => registerWebhookEndpoint(endpointContext(database, config), required(options, 'workspace'), required(options, 'url'))),
  },
  'webhook:rotate': {
    usage: 'webhook:rotate --workspace <ws_id> [--overlap-seconds <n>]',
    options: ['workspace', 'overlap-seconds'],
    summary: 'Issue a new signing secret (printed once); the old one keeps signing beside it for the overlap (default WEBHOOK_SECRET_OVERLAP_SECONDS, 24 h).',
    run: (options, config) =>
      withDatabase(config, (database) => {
        const raw = text(options, 'overlap-seconds');
        const overlap = raw === undefined ? config.webhooks.secretOverlapSeconds : Number(raw);
        return rotateWebhookSecret(endpointContext(database, config), required(options, 'workspace'), overlap);
      }),
  },
  'webhook:show': {
    usage: 'webhook:show --workspace <ws_id>',
    options: ['workspace'],
    summary: "Show the workspace's endpoint and when each of its secrets stops signing (never the secrets).",
    run: (options, config) => withDatabase(config, (database) => showWebhookEndpoint(database.store, required(options, 'workspace'))),
  },
  'secrets:reencrypt': {
    usage: 'secrets:reencrypt',
    options: [],
    summary:
      'Re-seal every webhook signing secret under the first key of SECRETS_KEYRING (and seal any stored in plaintext earlier); run after adding a key, before dropping an old one.',
    run: (_options, config) => withDatabase(config, (database) => resealWebhookSecrets(database.pool, startSecretCipher(config.secretKeyring))),
  },
  'deliveries:list': {
    usage:
      'deliveries:list [--status dead_lettered] [--workspace <ws_id>] [--endpoint <we_id>] [--event-type <type>] [--deployment <dep_id>] [--created-after <iso>] [--created-before <iso>] [--limit <n>] [--cursor <c>]',
    options: ['status', ...FILTER_FLAGS, 'limit', 'cursor'],
    summary: 'List deliveries, newest first; --status dead_lettered lists the dead letters.',
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const status = text(options, 'status');
        const limit = Number(text(options, 'limit') ?? '20');
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new DomainError('invalid_request', '--limit must be an integer from 1 to 1000', 'limit');
        const filter: DeliveryFilter = { ...filterOf(options), ...(status ? { status: parseDeliveryStatus(status) } : {}) };
        return listDeliveries(database.pool, filter, limit, text(options, 'cursor'));
      }),
  },
  'deliveries:overdue': {
    usage: 'deliveries:overdue [--workspace <ws_id>] [--endpoint <we_id>] [--limit <n>]',
    options: ['workspace', 'endpoint', 'limit'],
    summary:
      'Pending deliveries whose attempt is more than WEBHOOK_OVERDUE_AFTER_SECONDS (60) past due and not made, newest first: the queue lost them or the workers are behind.',
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const limit = Number(text(options, 'limit') ?? '100');
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          throw new DomainError('invalid_request', '--limit must be an integer from 1 to 1000', 'limit');
        const now = new Date();
        const { workspace_id, endpoint_id } = filterOf(options);
        const page = await listDeliveries(
          database.pool,
          { workspace_id, endpoint_id, overdue_before: overdueBefore(now, config.webhooks.overdueAfterMs) },
          limit,
        );
        return { ...page, data: page.data.map((delivery) => withOverdue(delivery, now, config.webhooks.overdueAfterMs)) };
      }),
  },
  'deliveries:retry-now': {
    usage: 'deliveries:retry-now --id <del_id>',
    options: ['id'],
    summary: 'Make a scheduled retry due now (same attempt; the webhooks service moves its job); nothing scheduled is refused.',
    run: (options, config) =>
      withDatabase(config, (database) =>
        retryDeliveryNow(database.store, required(options, 'id'), { requestedBy: 'ops-cli', correlationId: newId('request'), now: new Date() }),
      ),
  },
  'deliveries:show': {
    usage: 'deliveries:show --id <del_id>',
    options: ['id'],
    summary: 'Show a delivery with every attempt (time, status code, latency, error) and its events.',
    run: (options, config) => withDatabase(config, (database) => showDelivery(database.store, required(options, 'id'))),
  },
  'deliveries:replay': {
    usage:
      'deliveries:replay --id <del_id> | [--workspace …] [--endpoint …] [--event-type …] [--deployment …] [--created-after …] [--created-before …] | --all yes',
    options: ['id', ...FILTER_FLAGS, 'all'],
    summary:
      'Resend one finished delivery (dead-lettered, succeeded or 4xx), or every dead letter matching the filters (progress on stderr): same delivery id, full schedule again.',
    run: (options, config) =>
      withDatabase(config, async (database) => {
        const context = { requestedBy: 'ops-cli', correlationId: newId('request'), now: new Date() };
        const id = text(options, 'id');
        if (id !== undefined) return replayDelivery(database.store, id, context);
        const filter = filterOf(options);
        const filtered = Object.values(filter).some((value) => value !== undefined);
        // Replaying every dead letter of every workspace must be asked for in so many words.
        if (!filtered && text(options, 'all') !== 'yes') throw new DomainError('invalid_request', 'give --id, at least one filter, or --all yes', 'id');
        return { object: 'bulk_replay', ...(await replayMatching(database.store, database.pool, filter, context, progress)) };
      }),
  },
};
