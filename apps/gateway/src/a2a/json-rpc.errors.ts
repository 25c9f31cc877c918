import type { ErrorCode } from '@eh/contracts';

/** JSON-RPC 2.0's own codes and A2A's, as the SDK numbers them. */
export const JSON_RPC_CODES = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  /** JSON-RPC's "implementation-defined server error": ours that A2A has no code for; `data` names which. */
  SERVER_ERROR: -32000,
  TASK_NOT_FOUND: -32001,
  TASK_NOT_CANCELABLE: -32002,
  UNSUPPORTED_OPERATION: -32004,
  VERSION_NOT_SUPPORTED: -32009,
} as const;

/** v1.0 carries details as typed `google.rpc` objects in a `data` array; v0.3 as one object. */
export type A2aProtocol = '1.0' | '0.3';

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What the service knows about a failure beyond its JSON-RPC code. */
export interface ErrorFacts {
  requestId: string;
  /** The REST API's code for the same failure (`invalid_request`, `authentication_failed`, …). */
  apiCode?: ErrorCode;
  /** The field at fault, as the message names it. */
  param?: string;
  docsUrl?: string;
}

const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';
const REQUEST_INFO = 'type.googleapis.com/google.rpc.RequestInfo';
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';
/** Our ErrorInfo's domain: A2A's own errors say `a2a-protocol.org`. */
export const SERVICE_ERROR_DOMAIN = 'expert-handoff';

/** Where A2A has a code for the failure, that code; else the generic server error with our code in `data`. */
export function jsonRpcCodeOf(code: ErrorCode): number {
  switch (code) {
    case 'invalid_request':
      return JSON_RPC_CODES.INVALID_PARAMS;
    case 'not_found':
      return JSON_RPC_CODES.TASK_NOT_FOUND;
    case 'deployment_not_cancellable':
      return JSON_RPC_CODES.TASK_NOT_CANCELABLE;
    // A message to a task that is not waiting for one: A2A's "not supported in this state".
    case 'deployment_not_awaiting_input':
      return JSON_RPC_CODES.UNSUPPORTED_OPERATION;
    case 'internal_error':
      return JSON_RPC_CODES.INTERNAL_ERROR;
    default:
      return JSON_RPC_CODES.SERVER_ERROR;
  }
}

/**
 * The error with our `request_id` (and the REST code, the field, the docs page) added to `data`,
 * keeping whatever details it already had: in v1.0 as `google.rpc.ErrorInfo` (metadata
 * `request_id`, `code`, `param`), `google.rpc.BadRequest` for a field and
 * `google.rpc.RequestInfo`; in v0.3 as keys of the `data` object.
 */
export function withServiceFacts(error: JsonRpcError, protocol: A2aProtocol, facts: ErrorFacts): JsonRpcError {
  const metadata: Record<string, string> = {
    request_id: facts.requestId,
    ...(facts.apiCode ? { code: facts.apiCode } : {}),
    ...(facts.param ? { param: facts.param } : {}),
    ...(facts.docsUrl ? { docs_url: facts.docsUrl } : {}),
  };
  if (protocol === '0.3') {
    const earlier = typeof error.data === 'object' && error.data !== null && !Array.isArray(error.data) ? (error.data as Record<string, unknown>) : {};
    return { code: error.code, message: error.message, data: { ...earlier, ...metadata } };
  }
  const earlier = Array.isArray(error.data) ? (error.data as unknown[]) : [];
  const details: unknown[] = [...earlier];
  if (facts.apiCode) details.push({ '@type': ERROR_INFO, reason: facts.apiCode.toUpperCase(), domain: SERVICE_ERROR_DOMAIN, metadata });
  if (facts.param) details.push({ '@type': BAD_REQUEST, fieldViolations: [{ field: facts.param, description: error.message }] });
  details.push({ '@type': REQUEST_INFO, requestId: facts.requestId, servingData: JSON.stringify(metadata) });
  return { code: error.code, message: error.message, data: details };
}

/** A refusal of the REST layer (a DomainError's code, message and field) as a JSON-RPC error. */
export function apiErrorAsJsonRpc(code: ErrorCode, message: string, protocol: A2aProtocol, facts: ErrorFacts): JsonRpcError {
  return withServiceFacts({ code: jsonRpcCodeOf(code), message }, protocol, { ...facts, apiCode: code });
}

/** `A2A-Version`: absent means 0.3 (as the SDK reads it); 1.x is 1.0; anything else is refused. */
export function protocolOf(header: string | string[] | undefined): A2aProtocol | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return '0.3';
  const version = value.trim();
  if (version === '1' || /^1\.\d+$/.test(version)) return '1.0';
  if (/^0\.3(\.\d+)?$/.test(version)) return '0.3';
  return null;
}
