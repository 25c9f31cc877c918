/**
 * STOPGAP for the operations' pages (issue 13): `/admin/v1/openapi.json` (generated into
 * generated/admin.ts) describes the admin routes' paths and request bodies, but its success bodies
 * are plain objects for now, and it has no roster list yet (docs/dashboard-contract.md, "Change:"
 * sections). Until it does, the admin client takes these answers, written in openapi-typescript's
 * shape from the backend's own resources (libs/roster, libs/ledger, libs/delivery), so the pages
 * switch to the generated document by changing one import.
 */
import type { components as Console } from './generated/expert';
import type { components as Public } from './generated/public';

type Json<T> = { content: { 'application/json': T } };
type ErrorBody = { error: { type: string; code: string; message: string; param?: string; request_id: string; docs_url: string } };
type Answers<Status extends number, T> = { [S in Status]: { headers: { [name: string]: unknown } } & Json<T> } & { default: { headers: { [name: string]: unknown } } & Json<ErrorBody> };
type Params<Query = never, Path = never> = { query?: Query; header?: never; path: Path; cookie?: never };
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };
type Unused = { get?: never; put?: never; post?: never; delete?: never; options?: never; head?: never; patch?: never; trace?: never };
type Item<Ops> = Omit<Unused, keyof Ops> & Ops & { parameters: NoParams };
type Get<T, Query = never> = { parameters: [Query] extends [never] ? NoParams : { query?: Query; header?: never; path?: never; cookie?: never }; requestBody?: never; responses: Answers<200, T> };
type GetId<T, Query = never> = { parameters: Params<Query, { id: string }>; requestBody?: never; responses: Answers<200, T> };
type Post<Body, T, Status extends number = 200> = { parameters: NoParams; requestBody: Json<Body>; responses: Answers<Status, T> };
type PostId<Body, T, Status extends number = 200> = { parameters: Params<never, { id: string }>; requestBody?: Json<Body>; responses: Answers<Status, T> };

// ------------------------------------------------------------------ /admin/v1 (contract §8 and the change requested)

export interface AdminExpert {
  id: string;
  name: string;
  role: string;
  skills: string[];
  tenure_years: number;
  median_turnaround_minutes: number;
  availability: 'online' | 'busy' | 'offline';
  rate_credits_per_hour: number;
  retired: boolean;
  credential_last4: string | null;
}
export interface ExpertProfileInput {
  name: string;
  role: string;
  skills: string[];
  tenure_years: number;
  median_turnaround_minutes: number;
  rate_credits_per_hour: number;
  availability?: 'online' | 'busy' | 'offline';
}
export interface AccountPlan {
  name: string;
  cycle_cap_credits: number;
  cycle_days: number;
  in_flight_limit: number;
}
export interface AccountSummary {
  workspace_id: string;
  opened: boolean;
  plan: AccountPlan | null;
  cycle_start: string | null;
  cycle_end: string | null;
  credits_remaining: number;
  allowance: number;
  topup: number;
  credits_reserved: number;
  charged_this_cycle: number;
  deployments_this_cycle: number;
  thresholds_reached: number[];
  reservations: { deployment_id: string; amount: number; confirmed: boolean; expires_at: string }[];
}
export interface WorkspaceSummary {
  id: string;
  name: string;
  created_at: string;
}
export type AdminDelivery = Public['schemas']['WebhookDelivery'];
type Attempt = Public['schemas']['WebhookDeliveryDetail']['attempt_history'][number];
type LimitRequest = Console['schemas']['LimitRequest'];
export type Mode = 'test' | 'live';
type List<T> = { object: 'list'; data: T[]; next: string | null; has_more: boolean };
type DeliveriesQuery = { status?: AdminDelivery['status']; event_type?: string; deployment_id?: string; endpoint_id?: string; created_after?: string; created_before?: string; limit?: number; cursor?: string };
type ReplayFilter = Public['schemas']['BulkReplayRequest'];

export interface PendingAdminPaths {
  '/admin/v1/experts': Item<{ get: Get<List<AdminExpert>, { limit?: number; cursor?: string }>; post: Post<ExpertProfileInput, { expert: AdminExpert; credential: string }, 201> }>;
  '/admin/v1/experts/{id}': Item<{ get: GetId<AdminExpert>; patch: { parameters: Params<never, { id: string }>; requestBody: Json<Partial<ExpertProfileInput>>; responses: Answers<200, AdminExpert> } }>;
  '/admin/v1/experts/{id}/availability': Item<{ post: PostId<{ availability: 'online' | 'busy' | 'offline' }, AdminExpert> }>;
  '/admin/v1/experts/{id}/retire': Item<{ post: PostId<Record<string, never>, { id: string; retired: true }> }>;
  '/admin/v1/experts/{id}/invitations': Item<{ post: PostId<{ email: string }, { object: 'invitation'; expert_id: string; email: string; url: string; expires_at: string }, 201> }>;
  '/admin/v1/workspaces': Item<{ get: Get<List<WorkspaceSummary>, { limit?: number; cursor?: string }> }>;
  '/admin/v1/workspaces/{id}': Item<{ get: GetId<WorkspaceSummary & { keys: { key_id: string; mode: Mode; last4: string; issued_at: string; revoked_at: string | null }[] }> }>;
  '/admin/v1/workspaces/{id}/account': Item<{ get: GetId<AccountSummary> }>;
  '/admin/v1/workspaces/{id}/account/credits': Item<{ post: PostId<{ credits: number; note?: string; reference?: string }, AccountSummary> }>;
  '/admin/v1/workspaces/{id}/account/plan': Item<{ patch: { parameters: Params<never, { id: string }>; requestBody: Json<Partial<AccountPlan>>; responses: Answers<200, AccountSummary> } }>;
  '/admin/v1/plans': Item<{ get: Get<{ object: 'list'; data: AccountPlan[] }> }>;
  '/admin/v1/limit_requests': Item<{ get: Get<List<LimitRequest>, { status?: 'open' | 'granted' | 'declined' }> }>;
  '/admin/v1/limit_requests/{id}/resolve': Item<{ post: PostId<{ outcome: 'granted' | 'declined'; note?: string }, LimitRequest> }>;
  '/admin/v1/webhook-deliveries': Item<{ get: Get<List<AdminDelivery>, DeliveriesQuery & { workspace_id?: string }> }>;
  '/admin/v1/webhook-deliveries/{id}': Item<{ get: GetId<AdminDelivery & { attempt_history: Attempt[]; body: string }> }>;
  '/admin/v1/webhook-deliveries/{id}/replay': Item<{ post: PostId<Record<string, never>, AdminDelivery> }>;
  '/admin/v1/webhook-deliveries/replay': Item<{ post: Post<ReplayFilter, { object: 'bulk_replay'; matched: number; replayed: number; skipped: number }> }>;
  '/admin/v1/operators/invitations': Item<{ post: Post<{ email: string; name?: string }, { object: 'operator_invitation'; email: string; url: string; expires_at: string }, 201> }>;
}
