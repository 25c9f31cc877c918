import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FuzzCase } from './cases';
import type { Exchange } from './raw-http';
import type { Schema } from './schema-arbitrary';

export type FailureKind = '5xx' | 'no-answer' | 'error-shape' | 'request-id' | 'accepted-invalid';

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
 * What issue 11 requires of every answer: no 5xx, an answer at all (unless the request's own
 * framing never completed), every error in the spec's shape with `request_id` equal to the
 * `Request-Id` header, and no success for a request that is certainly invalid.
 */
export function judge(request: FuzzCase, result: Exchange, validate: ErrorValidator, oversized = false): Verdict | null {
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
    if (!/^application\/json\b/i.test(type)) return { kind: 'error-shape', status, reason: `Content-Type ${JSON.stringify(type)}: ${JSON.stringify(response.body.subarray(0, 120).toString('latin1'))}` };
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      return { kind: 'error-shape', status, reason: `not JSON: ${JSON.stringify(response.body.subarray(0, 120).toString('latin1'))}` };
    }
    const problem = validate(body);
    if (problem) return { kind: 'error-shape', status, reason: `${problem}: ${JSON.stringify(body).slice(0, 200)}` };
    const requestId = (body as { error: { request_id: string } }).error.request_id;
    if (headers['request-id'] !== requestId) return { kind: 'request-id', status, reason: `body request_id ${requestId}, Request-Id header ${JSON.stringify(headers['request-id'] ?? null)}` };
    return null;
  }
  if (request.expect === 'reject') return { kind: 'accepted-invalid', status, reason: `${status} for ${request.family}: ${request.detail}` };
  return null;
}

export function errorCode(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: unknown } };
    return typeof parsed?.error?.code === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}
