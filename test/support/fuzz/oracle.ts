import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FuzzCase } from './fuzz-case';
import type { Exchange } from './raw-http';
import type { Schema } from './schema-arbitrary';

export type FailureKind = '5xx' | 'no-answer' | 'error-shape' | 'request-id' | 'accepted-invalid' | 'replay-mismatch';

export interface Verdict {
  kind: FailureKind;
  status: number | null;
  /** Why, in a line: the Ajv errors, the socket error, the status and code. */
  reason: string;
}

export type ErrorValidator = (body: unknown) => string | null;

/** Validates error bodies against the Error schema of the public OpenAPI document. */
export function errorValidator(errorSchema: Schema): ErrorValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(errorSchema as object);
  return (body) => (validate(body) ? null : ajv.errorsText(validate.errors, { dataVar: 'body' }));
}

/**
 * What the edge requires of every answer: no 5xx, an answer at all (unless the request's own
 * framing never completed), every error in the API's error shape with `request_id` equal to the
 * `Request-Id` header, and no success for a request that is certainly invalid.
 */
export function judge(request: FuzzCase, result: Exchange, validate: ErrorValidator, oversized = false, target = ''): Verdict | null {
  const response = result.response;
  if (!response) {
    if (request.mayGoUnanswered) return null;
    // Past the body or header limit the server answers before reading the rest and closes; the
    // reset our remaining bytes provoke can discard that answer before it is read (TCP, not the service).
    if (oversized && /^(EPIPE|ECONNRESET)$/.test(result.error ?? '')) return null;
    return { kind: 'no-answer', status: null, reason: result.error ?? 'no answer' };
  }
  const { status, headers } = response;
  if (status >= 500) {
    const code = errorCode(response.body);
    return { kind: '5xx', status, reason: `${status} ${code ?? ''}${headers['retry-after'] ? ` Retry-After: ${headers['retry-after']}` : ''}`.trim() };
  }
  if (status >= 400) {
    const type = headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type))
      return {
        kind: 'error-shape',
        status,
        reason: `Content-Type ${JSON.stringify(type)}: ${JSON.stringify(response.body.subarray(0, 120).toString('latin1'))}`,
      };
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      return { kind: 'error-shape', status, reason: `not JSON: ${JSON.stringify(response.body.subarray(0, 120).toString('latin1'))}` };
    }
    // The A2A endpoint speaks JSON-RPC: its errors are JSON-RPC errors carrying our fields in `data`.
    // What never reached it as a request (broken framing, oversized headers, another method) is
    // refused by the HTTP layer in the REST shape, as on every route.
    const jsonRpc = target.split('?')[0] === A2A_PATH && (body as { jsonrpc?: unknown } | null)?.jsonrpc !== undefined;
    const problem = jsonRpc ? jsonRpcErrorProblem(body) : validate(body);
    if (problem) return { kind: 'error-shape', status, reason: `${problem}: ${JSON.stringify(body).slice(0, 200)}` };
    const { request_id: requestId, message } = jsonRpc
      ? { request_id: (body as JsonRpcError).error.data.request_id, message: (body as JsonRpcError).error.message }
      : (body as { error: { request_id: string; message: string } }).error;
    // Invalid UTF-8 in a body whose length is right was answered "Request body size did not match Content-Length".
    if (request.family === 'body.invalid-utf8' && request.framing.kind === 'normal' && /content-length|did not match/i.test(message)) {
      return { kind: 'error-shape', status, reason: `untrue message for invalid UTF-8 with a correct Content-Length: ${JSON.stringify(message)}` };
    }
    // A replay returns the first answer's bytes, whose request_id is the first request's; the
    // header is the replaying exchange's own (docs/decisions.md "REST conventions").
    const replayed = headers['idempotent-replayed'] === 'true';
    if (!replayed && headers['request-id'] !== requestId)
      return { kind: 'request-id', status, reason: `body request_id ${requestId}, Request-Id header ${JSON.stringify(headers['request-id'] ?? null)}` };
    return null;
  }
  if (request.expect === 'reject') return { kind: 'accepted-invalid', status, reason: `${status} for ${request.family}: ${request.detail}` };
  const mismatch = headers['idempotent-replayed'] === 'true' ? replayedForAnother(target, response.body) : null;
  if (mismatch) return { kind: 'replay-mismatch', status, reason: mismatch };
  return null;
}

/** A replayed success about another deployment than the one in the path: the key's first request's answer, served for a different request. */
function replayedForAnother(target: string, body: Buffer): string | null {
  const inPath = /^\/v1\/deployments\/(dep_[0-9A-Z]{26})\//.exec(target)?.[1];
  if (!inPath) return null;
  try {
    const id = (JSON.parse(body.toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'string' && id.startsWith('dep_') && id !== inPath
      ? `replayed the answer about ${id} to a request about ${inPath} (Idempotent-Replayed: true); ${inPath} was not acted on`
      : null;
  } catch {
    return null;
  }
}

export function errorCode(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: unknown } };
    return typeof parsed?.error?.code === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}

const A2A_PATH = '/a2a/v1';

interface JsonRpcError {
  jsonrpc: '2.0';
  error: { code: number; message: string; data: { request_id: string; code: string } };
}

/** What is wrong with a JSON-RPC error answer, or null: an integer code, a message, and our request_id and code in `data`. */
function jsonRpcErrorProblem(body: unknown): string | null {
  const answer = body as Partial<JsonRpcError> | null;
  if (answer?.jsonrpc !== '2.0') return 'not a JSON-RPC 2.0 answer';
  const error = answer.error;
  if (!error || !Number.isInteger(error.code)) return 'error.code must be an integer';
  if (typeof error.message !== 'string' || error.message === '') return 'error.message must be a non-empty string';
  if (typeof error.data?.request_id !== 'string' || !error.data.request_id.startsWith('req_')) return 'error.data.request_id must be the request id';
  if (typeof error.data.code !== 'string') return 'error.data.code must be our error code';
  return null;
}
