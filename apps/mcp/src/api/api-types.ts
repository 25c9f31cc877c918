/**
 * The REST API's public shapes as this server reads them (docs/decisions.md
 * "REST surface"). Declared here, not imported from the services' libs: the MCP
 * server is a client of the API and must keep working against any gateway speaking this version.
 */

export type DeploymentStatus = 'pending' | 'accepted' | 'in_progress' | 'needs_input' | 'completed' | 'cancelled' | 'expired';
export type Urgency = 'standard' | 'priority' | 'scheduled';

export interface ApiExpertRef {
  id: string;
  name: string;
  role: string;
}

export interface ApiAttachment {
  name: string;
  url: string;
  content_type: string;
  size_bytes: number;
}

export interface ApiOutput {
  format: string;
  body: string;
  attachments: ApiAttachment[];
  /** The typed answer, on deployments created with an output_schema. */
  data?: Record<string, unknown>;
}

export type MetadataValue = string | number | boolean;

export interface ApiDeployment {
  id: string;
  status: DeploymentStatus;
  brief: string;
  skills: string[];
  urgency: Urgency;
  sla_deadline: string;
  credits_reserved: number;
  expert: ApiExpertRef | null;
  output: ApiOutput | null;
  metadata: Record<string, MetadataValue>;
  created_at: string;
  updated_at: string;
  question: { body: string; asked_at: string; reply_deadline: string } | null;
  reply: { body: string; replied_at: string } | null;
  cancellation: { cancelled_by: string; reason: string; cancelled_at: string } | null;
  expiry: { reason: string; expired_at: string } | null;
  credits_charged?: number;
  duration_seconds?: number;
  completed_at?: string;
}

export interface ApiRosterEntry {
  id: string;
  name: string;
  role: string;
  skills: string[];
  tenure_years: number;
  median_turnaround_minutes: number;
  availability: string;
  rate_credits_per_hour: number;
}

export interface ApiList<T> {
  data: T[];
  next: string | null;
  has_more?: boolean;
}

export interface ApiUsage {
  credits_remaining: number;
  credits_reserved: number;
  cycle_start: string;
  cycle_end: string;
  deployments_this_cycle: number;
  burn_rate_daily: number;
  forecasted_depletion: string | null;
  /** Our gateway's additions (docs/decisions.md "Ledger"); optional for other gateways. */
  in_flight?: number;
  plan?: { name: string; cycle_cap_credits: number; cycle_days: number; in_flight_limit: number };
}

/** The API's stable error body. */
export interface ApiErrorBody {
  error: { type: string; code: string; message: string; param?: string; request_id: string; docs_url: string };
}

export interface CreateDeploymentBody {
  brief: string;
  skills: string[];
  context_url?: string;
  context_files?: string[];
  urgency?: Urgency;
  scheduled_for?: string;
  metadata?: Record<string, MetadataValue>;
  output_schema?: Record<string, unknown>;
  follow_up_to?: string;
}

export interface ReplyBody {
  body: string;
  context_files?: string[];
}

/** A JSON value as the API returns it, for resources the tools pass through field by field. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** `POST /v1/deployments/quote` (docs/decisions.md). */
export interface ApiDeploymentQuote {
  object: 'deployment_quote';
  mode: 'test' | 'live';
  available: boolean;
  unavailable_reason: string | null;
  urgency: Urgency;
  skills: string[];
  candidate_count: number;
  expert: ApiExpertRef | null;
  credits_reserved: number;
  sla_deadline: string;
  estimated_acceptance_seconds: number | null;
  estimated_completion_seconds: number | null;
  quoted_at: string;
}

/** A public event as the API's event list and streams carry it (the webhook body). */
export interface ApiEvent {
  id: string;
  type: string;
  sequence: number;
  created_at: string;
  data: { object: ApiDeployment };
}

export interface ApiMemoryEntry {
  key: string;
  kind: 'positioning' | 'voice' | 'prior_output' | 'other';
  body: string;
  updated_at: string;
}

export interface ListDeploymentsQuery {
  status?: DeploymentStatus[];
  skill?: string;
  created_after?: string;
  limit?: number;
  cursor?: string;
}
