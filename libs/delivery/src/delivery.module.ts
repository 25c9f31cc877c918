import { Module } from '@nestjs/common';
import { deliveriesViewMigrations } from './adapters/deliveries-view.migrations';
import { deliveriesViewProjection } from './adapters/deliveries-view.projection';
import { webhookEndpointsViewMigrations } from './adapters/webhook-endpoints-view.migrations';
import { webhookEndpointsViewProjection } from './adapters/webhook-endpoints-view.projection';
import { webhookCopy } from './adapters/webhook-copy';
import { DeliveryRuntime } from './delivery.runtime';

/**
 * Webhook deliveries and endpoints: the deciders, the retry schedule, signing and
 * URL safety, the handlers, `deliveries_view`, and what the webhooks service runs (fan-out,
 * attempts, reconciliation). The gateway mounts it for endpoints and replays.
 */
@Module({
  providers: [DeliveryRuntime],
})
export class DeliveryModule {
  static readonly projections = [deliveriesViewProjection, webhookEndpointsViewProjection];
  static readonly migrations = [...deliveriesViewMigrations, ...webhookEndpointsViewMigrations];
  /** The fan-out reads the relay's copies of only the events that may have a webhook destination. */
  static readonly busCopies = [webhookCopy];
}
