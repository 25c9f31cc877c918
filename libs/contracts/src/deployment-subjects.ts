import { deploymentStreamName, type DeploymentCreated } from './deployment-events';

/** The subject token of every event of a test-mode deployment: `<prefix>.deployment.<id>.test`. */
export const TEST_MODE_SUBJECT_TOKEN = 'test';

/**
 * A test-mode deployment's events go out as `<prefix>.deployment.<id>.test`, so a
 * consumer of live deployments only (the ledger: nothing is billed in test mode) filters on
 * `<prefix>.deployment.*` and is never sent them. Live deployments keep the plain subject, as
 * every event had before, so a consumer of `deployment.*` misses none published earlier.
 * A SubjectQualifier of @eh/event-store's relay, decided by the stream's first event.
 */
export const deploymentModeQualifier = {
  category: 'deployment',
  qualify: (first: { type: string; data: unknown }): string | undefined =>
    first.type === 'deployment.created' && (first.data as DeploymentCreated['data']).mode === 'test' ? TEST_MODE_SUBJECT_TOKEN : undefined,
};

/** The filter, under the subject prefix, for the events of live deployments only. */
export const LIVE_DEPLOYMENTS_SUBJECT = 'deployment.*';

/**
 * A deployment's `deployment.created` may wait at the relay (RELAY_DEFER_MS) to go out
 * with other events: it is no public webhook, and only the router acts on it, where a human's
 * pace, not milliseconds, is the measure. Every other event is published as soon as it is read.
 * A RelayDeferral of @eh/event-store's relay, less its `maxWaitMs` (the setting).
 */
export const deploymentCreationMayWait = {
  mayWait: (event: { type: string }): boolean => event.type === 'deployment.created',
  /** An append that starts a deployment's stream is its creation. */
  startMayWait: (streamName: string): boolean => streamName.startsWith(deploymentStreamName('')),
};
