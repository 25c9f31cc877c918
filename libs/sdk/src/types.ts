import type { components, operations } from './generated/openapi';

/** The API's shapes, from /v1/openapi.json (src/generated/openapi.ts). */
type Schemas = components['schemas'];

export type Deployment = Schemas['Deployment'];
/**
 * A deployment whose typed answer, `output.data`, has the shape `Data`: what the `output_schema`
 * given on create describes (the service validated it against that schema before delivering it).
 */
export type TypedDeployment<Data = Record<string, unknown>> = Omit<Deployment, 'output'> & {
  output: (Omit<NonNullable<Deployment['output']>, 'data'> & { data?: Data }) | null;
};
export type DeploymentStatus = Deployment['status'];
export type CreateDeploymentParams = Schemas['CreateDeploymentRequest'];
export type ReplyParams = Schemas['ReplyToDeploymentRequest'];
export type CancelParams = Schemas['CancelDeploymentRequest'];
export type DeploymentQuote = operations['quoteDeployment']['responses'][200]['content']['application/json'];
export type Expert = Schemas['Expert'];
export type Usage = Schemas['Usage'];
export type MemoryEntry = Schemas['MemoryEntry'];
export type PutMemoryEntryParams = Schemas['PutMemoryEntryRequest'];
export type Handoff = Schemas['Handoff'];
export type OpenHandoffParams = Schemas['OpenHandoffRequest'];
export type ApiErrorBody = Schemas['Error'];
export type ListDeploymentsParams = NonNullable<operations['listDeployments']['parameters']['query']>;
export type ListEventsParams = NonNullable<operations['listEvents']['parameters']['query']>;

/** A page of a list: `next` is the cursor of the following page, null on the last. */
export interface Page<T> {
  data: T[];
  next: string | null;
  has_more: boolean;
}

type RawEvent = Schemas['Event'];
export type EventType = RawEvent['type'];
type EventOf<T extends EventType, O> = Omit<RawEvent, 'type' | 'data' | 'metadata'> & {
  type: T;
  data: { object: O };
  metadata: Record<string, string | number | boolean>;
};

/**
 * A webhook or stream event, typed by its `type`: a deployment's events carry the deployment, a
 * handoff's the handoff, a threshold the cycle's figures (README "Webhooks").
 */
export type ServiceEvent =
  | EventOf<Extract<EventType, `deployment.${string}`>, Deployment>
  | EventOf<Extract<EventType, `handoff.${string}`>, Handoff>
  | EventOf<'usage.threshold_reached', Record<string, unknown>>;
