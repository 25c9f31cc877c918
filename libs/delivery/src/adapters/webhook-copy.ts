import { randomUUID } from 'node:crypto';
import type { BusCopy } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';
import { WEBHOOK_COPY_TOKEN, WebhookDestinations } from '../application/webhook-destinations';
import { everyEndpointStored } from './webhook-endpoints-view.query';

/** The relay's copy, on `hooks.<subject>`, of every event that may have a webhook destination (WebhookDestinations). */
export function webhookCopy(sql: SqlClient): BusCopy {
  return { token: WEBHOOK_COPY_TOKEN, start: async () => new WebhookDestinations(await everyEndpointStored(sql), randomUUID()) };
}
