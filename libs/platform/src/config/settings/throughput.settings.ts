import { inGroup, readBy } from './setting';

/** The catalogue's Throughput settings. */
export const throughputSettings = inGroup(
  'Throughput',
  readBy(
    ['relay'],
    [
      {
        name: 'RELAY_BUNDLE_MAX_EVENTS',
        default: '16',
        meaning: 'Most consecutive events of one stream the relay sends as one message; 1 while upgrading from a version before bundles.',
      },
      {
        name: 'RELAY_DEFER_MS',
        default: '100',
        meaning: 'Longest a `deployment.created` waits at the relay to go out with other events; 0 publishes it at once.',
      },
    ],
  ),
  readBy(
    ['router'],
    [
      {
        name: 'ROUTER_CONSUMERS',
        default: '4',
        meaning: "Pullers on the router's deployment consumer per process, so events of different deployments are routed side by side.",
      },
    ],
  ),
);
