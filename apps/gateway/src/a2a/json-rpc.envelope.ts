import { JSON_RPC_CODES, type JsonRpcError } from './json-rpc.errors';

export type JsonRpcId = string | number | null;

export type EnvelopeCheck = { ok: true; id: JsonRpcId; method: string } | { ok: false; id: JsonRpcId; error: JsonRpcError };

/**
 * JSON-RPC 2.0's rules for the request object itself, before any method is looked at: the SDK's
 * handler reports a wrong `jsonrpc` as invalid params, where JSON-RPC says invalid request
 * (-32600). Batches are not supported (A2A sends one call per request).
 */
export function checkEnvelope(body: unknown): EnvelopeCheck {
  if (Array.isArray(body)) return refused(null, 'batch requests are not supported; send one JSON-RPC request object');
  if (typeof body !== 'object' || body === null) return refused(null, 'the body must be a JSON-RPC request object');
  const request = body as Record<string, unknown>;
  const id = validId(request.id) ? (request.id ?? null) : null;
  if (!validId(request.id)) return refused(null, '"id" must be a string, an integer or null');
  if (request.jsonrpc !== '2.0') return refused(id, '"jsonrpc" must be exactly "2.0"');
  if (typeof request.method !== 'string' || request.method === '') return refused(id, '"method" must be a non-empty string');
  if (request.params !== undefined && (typeof request.params !== 'object' || request.params === null || Array.isArray(request.params))) {
    return { ok: false, id, error: { code: JSON_RPC_CODES.INVALID_PARAMS, message: '"params" must be an object' } };
  }
  return { ok: true, id, method: request.method };
}

/** The id to answer with, when the body is known to be an object that may carry one. */
export function idOf(body: unknown): JsonRpcId {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as Record<string, unknown>).id;
  return validId(id) && id !== undefined ? id : null;
}

const validId = (id: unknown): id is JsonRpcId | undefined =>
  id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

const refused = (id: JsonRpcId, message: string): EnvelopeCheck => ({ ok: false, id, error: { code: JSON_RPC_CODES.INVALID_REQUEST, message } });
