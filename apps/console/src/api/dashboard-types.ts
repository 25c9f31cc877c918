/**
 * Names for what the dashboard and the operations' pages read, all derived from the
 * generated documents (a change in the gateway's document shows up here as a type error).
 */
import { PUBLIC_EVENT_TYPES } from '@eh/contracts/delivery-events';
import type { Admin as AdminTypes, Expert } from './generated/console-api';
import type { components as PublicComponents, operations as PublicOperations } from '@expert-handoff/sdk/openapi';

type Public = PublicComponents['schemas'];
type Console = Expert.components['schemas'];
type Admin = AdminTypes.components['schemas'];

export type Mode = 'test' | 'live';

export type AccountPlan = Admin['AccountPlan'];
export type AccountSummary = Admin['AccountSummary'];
export type AdminDelivery = Admin['AdminDelivery'];
/** One expert as operations see them; the roster list adds their console access. */
export type AdminExpert = Admin['AdminExpertEntry'];
export type AdminRosterEntry = Admin['AdminRosterEntry'];
export type ExpertProfileInput = Admin['ExpertProfileInput'];
export type WorkspaceSummary = Admin['WorkspaceListItem'];

export type Deployment = Public['Deployment'];
export type DeploymentStatus = Deployment['status'];
export type Usage = Public['Usage'];
export type UsageHistory = Public['UsageHistory'];
export type MemoryEntry = Public['MemoryEntry'];
export type MemoryKind = MemoryEntry['kind'];
export type ServiceEvent = Public['Event'];
export type EventType = ServiceEvent['type'];
export type WebhookEndpoint = Public['WebhookEndpoint'];
export type EndpointInput = Public['UpdateWebhookEndpointRequest'];
export type NewEndpointInput = Public['CreateWebhookEndpointRequest'];
export type SigningSecret = Public['WebhookSigningSecret'];
export type Delivery = Public['WebhookDelivery'];
export type DeliveryDetail = Public['WebhookDeliveryDetail'];
export type DeliveryStatus = Delivery['status'];
export type Attempt = DeliveryDetail['attempt_history'][number];
export type DeliveriesQuery = NonNullable<PublicOperations['listWebhookDeliveries']['parameters']['query']>;
export type ReplayFilter = Public['BulkReplayRequest'];
export type ReplayJob = Public['WebhookReplay'];

export type Session = Console['Session'];
export type Principal = Session['principal'];
export type MemberPrincipal = Extract<Principal, { kind: 'member' }>;
export type OperatorPrincipal = Extract<Principal, { kind: 'operator' }>;
export type InvitationPreview = Console['InvitationPreview'];
export type WorkspaceInfo = Console['Workspace'];
export type Role = WorkspaceInfo['role'];
export type ApiKey = Console['ApiKey'];
export type Member = Console['Member'];
export type MemberInvitation = Console['MemberInvitation'];
export type AuditEntry = Console['AuditEntry'];
export type LimitRequest = Console['LimitRequest'];

export const principalOf = (session: Session): Principal => session.principal;

/**
 * Every public event type a webhook endpoint can subscribe to (contract §2): the server's own list,
 * checked against the public document's event types.
 */
export const EVENT_TYPES: readonly EventType[] = PUBLIC_EVENT_TYPES;
