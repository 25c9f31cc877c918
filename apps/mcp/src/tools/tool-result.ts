import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ExpertHandoffError } from '@expert-handoff/sdk';
import { errorDetailsOf, type ServiceErrorDetails } from '../api/api-error';

/** A success: `structuredContent` matching the tool's outputSchema, and a short text for the model. */
export function toolSuccess(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * An API error as a tool error (`isError: true`), keeping the API's stable `code` and
 * `message`. The details go in the text, first as a sentence and then as JSON, and not in
 * `structuredContent`: clients (the SDK's among them) validate any structuredContent against the
 * tool's outputSchema, which describes the success shape.
 */
export function toolError(details: ServiceErrorDetails): CallToolResult {
  const where = details.status === null ? '' : ` (HTTP ${details.status})`;
  const lines = [`Error ${details.code}${where}: ${details.message}`];
  const hint = HINTS[details.code];
  if (hint) lines.push(hint);
  if (details.retry_after_seconds !== null) lines.push(`Retry after ${details.retry_after_seconds} s.`);
  lines.push(JSON.stringify({ error: details }));
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** A tool's handler whose API errors become tool errors; anything else stays a fault (the SDK reports it). */
export function apiTool<Args extends unknown[]>(handler: (...args: Args) => Promise<CallToolResult>): (...args: Args) => Promise<CallToolResult> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof ExpertHandoffError) return toolError(errorDetailsOf(error));
      throw error;
    }
  };
}

/** What a tool does to the world, as MCP's annotations tell a client: every tool calls the service's API. */
export const TOOL_EFFECTS = {
  reads: { readOnlyHint: true, openWorldHint: true },
  /** Writes, and a retry with the same idempotency key changes nothing more. */
  creates: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  /** Ends or removes something; repeating it changes nothing more. */
  removes: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
} as const;

/** What an agent can do about each API error code, so it need not know the table. */
const HINTS: Readonly<Record<string, string>> = {
  invalid_request: 'Fix the named field and call again.',
  authentication_failed: 'The API key in SERVICE_API_KEY is missing, expired or revoked; a person must fix the host config.',
  credits_exhausted: 'The workspace has too few credits for this deployment; do not retry until credits are added (see service.get_usage).',
  not_found: 'No such deployment or expert in this workspace and mode; check the id.',
  idempotency_conflict: 'The same idempotency_key was used with different arguments; use a new key, or retry shortly if the first call is still running.',
  expert_unavailable: 'No expert with these skills is available; retry with other skills (see service.list_specialists) or a relaxed urgency.',
  rate_limited: 'Too many requests; wait before calling again.',
  in_flight_limit_reached: 'Too many deployments in flight for the plan; wait for some to finish.',
  deployment_not_awaiting_input: 'The deployment is not waiting for a reply (check its status with service.check_deployment).',
  internal_error: 'A server fault; retry later and quote the request_id if it persists.',
  service_unavailable: 'The service is unavailable right now; retry later.',
};
