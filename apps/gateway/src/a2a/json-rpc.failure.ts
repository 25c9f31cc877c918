import { DomainError, type ErrorCode } from '@eh/contracts';
import { A2AError, toJsonRpcError } from '@a2a-js/sdk/errors';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { translateDatabaseUnavailable } from '../http/database-unavailable.translation';
import { apiErrorAsJsonRpc, JSON_RPC_CODES, withServiceFacts, type A2aProtocol, type JsonRpcError } from './json-rpc.errors';

export interface FailureContext {
  protocol: A2aProtocol;
  requestId: string;
  publicBaseUrl: string;
}

/** An error thrown while a call ran, as its JSON-RPC error; `internal` when it was our fault (logged by the caller). */
export function failureOf(error: unknown, context: FailureContext): { error: JsonRpcError; internal: boolean } {
  if (error instanceof DomainError) return { error: apiError(error.code, error.message, context, error.field), internal: false };
  if (error instanceof A2AError) {
    const sdk = context.protocol === '0.3' ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError(error) : toJsonRpcError(error);
    return { error: withServiceFacts(sdk, context.protocol, { requestId: context.requestId }), internal: false };
  }
  const unavailable = translateDatabaseUnavailable(error);
  if (unavailable) return { error: apiError(unavailable.code, unavailable.message, context), internal: false };
  return { error: apiError('internal_error', 'an unexpected error occurred; quote request_id when reporting it', context), internal: true };
}

export function apiError(code: ErrorCode, message: string, context: FailureContext, param?: string): JsonRpcError {
  return apiErrorAsJsonRpc(code, message, context.protocol, { requestId: context.requestId, param, docsUrl: `${context.publicBaseUrl}/docs/errors/${code}` });
}

/** A request refused before its call ran (the body parser, the guards, the rate limit), as the gateway's filter translated it. */
export interface HttpRefusal {
  code: ErrorCode;
  message: string;
  param?: string;
  status: number;
}

/**
 * The JSON-RPC answer to a refusal of the HTTP layer: a body that is not JSON (or not UTF-8, or
 * nested too deep) is a parse error (-32700), another malformed request an invalid request
 * (-32600), both with HTTP 200 as JSON-RPC over HTTP answers; a missing key, the rate limit, an
 * unavailable database keep their HTTP status (401, 429, 503) with the error in JSON-RPC's shape.
 */
export function refusalAsJsonRpc(refusal: HttpRefusal, context: FailureContext): { status: number; error: JsonRpcError } {
  if (refusal.code === 'invalid_request' && refusal.status === 400) {
    const parse = /not valid JSON|not valid UTF-8|nested more than|body is empty|__proto__/.test(refusal.message);
    const error = withServiceFacts({ code: parse ? JSON_RPC_CODES.PARSE_ERROR : JSON_RPC_CODES.INVALID_REQUEST, message: refusal.message }, context.protocol, {
      requestId: context.requestId,
      apiCode: refusal.code,
      param: refusal.param,
      docsUrl: `${context.publicBaseUrl}/docs/errors/${refusal.code}`,
    });
    return { status: 200, error };
  }
  return { status: refusal.status, error: apiError(refusal.code, refusal.message, context, refusal.param) };
}
