import { DeliveryModule } from '@eh/delivery';
import { runNestService } from '@eh/runtime';

/**
 * The webhooks service: fans public events out into deliveries, runs their attempts
 * from a BullMQ queue, and reconciles the queue with PostgreSQL. Stateless; run as many as
 * needed (one shared durable consumer, BullMQ workers share the queue). What runs is what
 * DeliveryModule declares (docs/architecture.md).
 */
runNestService({ name: 'webhooks', modules: [DeliveryModule], poolSize: 20 });
