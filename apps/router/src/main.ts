import { DeploymentsModule } from '@eh/deployments';
import { HandoffsModule } from '@eh/handoffs';
import { RoutingModule } from '@eh/routing';
import { runNestService } from '@eh/runtime';

/**
 * The router: answers quotes, offers live deployments to one expert at a time, plays the expert
 * in test mode, keeps every clock (BullMQ timers re-derived from the events), and mirrors each
 * deployment into the handoff that opened it. Stateless; run as many replicas as
 * needed: they share the durable consumers and the timer queue. What runs is what the mounted
 * modules declare (docs/architecture.md).
 */
runNestService({ name: 'router', modules: [DeploymentsModule, RoutingModule, HandoffsModule], poolSize: 10 });
