import { DeliveryModule } from '@eh/delivery';
import { NotificationsModule } from '@eh/notifications';
import { runNestService } from '@eh/runtime';

/**
 * The webhooks service: fans public events out into deliveries, runs their attempts
 * from a BullMQ queue, and reconciles the queue with PostgreSQL. Stateless; run as many as
 * needed (one shared durable consumer, BullMQ workers share the queue). What runs is what
 * DeliveryModule declares (docs/architecture.md). It also tells experts of their offers, replies and
 * cancellations (NotificationsModule): like webhooks, outbound messages to people outside, retried
 * on their own schedule, on a durable of their own so routing never waits for them.
 */
runNestService({ name: 'webhooks', modules: [DeliveryModule, NotificationsModule], poolSize: 20 });
