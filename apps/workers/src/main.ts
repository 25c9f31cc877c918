import { DeliveryModule } from '@eh/delivery';
import { DeploymentsModule } from '@eh/deployments';
import { HandoffsModule } from '@eh/handoffs';
import { LedgerModule } from '@eh/ledger';
import { NotificationsModule } from '@eh/notifications';
import { RoutingModule } from '@eh/routing';
import { RelayModule, runNestService } from '@eh/runtime';

/**
 * Every service behind the gateway in one process: the relay, the router, the webhooks service
 * and the ledger, mounted as one Nest application. It runs exactly what those four would run
 * apart (the same reactors on the same durables, the same workers, the same request handlers),
 * so either layout can take over from the other. On one machine it is the default beside the
 * gateway: each event then wakes one process instead of three or four, which is most of what a
 * deployment costs at low rates (docs/decisions.md, "Architecture"). Apart, each can be scaled
 * and restarted on its own.
 */
runNestService({
  name: 'workers',
  modules: [RelayModule, DeploymentsModule, RoutingModule, HandoffsModule, DeliveryModule, NotificationsModule, LedgerModule],
  // The four pools apart (relay 4, router 10, webhooks 20, ledger 10) never all run full at once.
  poolSize: 30,
});
