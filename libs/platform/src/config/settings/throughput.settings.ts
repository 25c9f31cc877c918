import { inGroup } from './setting';

/** The catalogue's Throughput settings. */
export const throughputSettings = inGroup('Throughput', [
  {
    name: 'RELAY_BUNDLE_MAX_EVENTS',
    default: '16',
    used_by: ['relay'],
    meaning: 'Most consecutive events of one stream the relay sends as one message; 1 while upgrading from a version before bundles.',
  },
  {
    name: 'RELAY_DEFER_MS',
    default: '100',
    used_by: ['relay'],
    meaning: 'Longest a `deployment.created` waits at the relay to go out with other events; 0 publishes it at once.',
  },
  {
    name: 'ROUTER_CONSUMERS',
    default: '4',
    used_by: ['router'],
    meaning: "Pullers on the router's deployment consumer per process, so events of different deployments are routed side by side.",
  },
]);
