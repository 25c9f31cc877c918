import type { McpConfig } from '../mcp.config';
import type { ApiDeployment, ApiList, ApiRosterEntry, ApiUsage, CreateDeploymentBody, ReplyBody } from './api-types';
import { ServiceApiError } from './service-api.error';

/** A successful answer, with what the tools report beside the body. */
export interface ApiAnswer<T> {
  body: T;
  /** `Idempotent-Replayed: true`: the API returned the answer stored under this Idempotency-Key. */
  replayed: boolean;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * The REST API, and nothing past it (issue 7): every tool is one or more of these calls with the
 * workspace key from the host's config. Error answers become `ServiceApiError` with the spec's
 * `code` and `message`, so the tools can hand them to the agent unchanged.
 */
export class ServiceApiClient {
  constructor(
    private readonly config: Pick<McpConfig, 'apiKey' | 'baseUrl' | 'apiVersion' | 'requestTimeoutMs'>,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  createDeployment(body: CreateDeploymentBody, idempotencyKey: string, signal?: AbortSignal): Promise<ApiAnswer<ApiDeployment>> {
    return this.call({ method: 'POST', path: '/v1/deployments', body, idempotencyKey, signal });
  }

  getDeployment(id: string, signal?: AbortSignal): Promise<ApiAnswer<ApiDeployment>> {
    return this.call({ method: 'GET', path: `/v1/deployments/${encodeURIComponent(id)}`, signal });
  }

  reply(id: string, body: ReplyBody, idempotencyKey: string, signal?: AbortSignal): Promise<ApiAnswer<ApiDeployment>> {
    return this.call({ method: 'POST', path: `/v1/deployments/${encodeURIComponent(id)}/reply`, body, idempotencyKey, signal });
  }

  listExperts(query: { limit?: number; cursor?: string }, signal?: AbortSignal): Promise<ApiAnswer<ApiList<ApiRosterEntry>>> {
    const params = new URLSearchParams();
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.cursor !== undefined) params.set('cursor', query.cursor);
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return this.call({ method: 'GET', path: `/v1/experts${search}`, signal });
  }

  getUsage(signal?: AbortSignal): Promise<ApiAnswer<ApiUsage>> {
    return this.call({ method: 'GET', path: '/v1/usage', signal });
  }

  private async call<T>(call: Call): Promise<ApiAnswer<T>> {
    if (!this.config.apiKey) throw ServiceApiError.missingKey();
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.config.apiKey}`,
      accept: 'application/json',
      'service-version': this.config.apiVersion,
      'user-agent': 'expert-handoff-mcp',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.idempotencyKey !== undefined) headers['idempotency-key'] = call.idempotencyKey;
    const timeout = AbortSignal.timeout(this.config.requestTimeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.config.baseUrl}${call.path}`, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      // The host cancelling the tool call is not the API's failure: let the SDK see the abort.
      if (call.signal?.aborted) throw error;
      throw ServiceApiError.unreachable(this.config.baseUrl, error);
    }
    const body = parseJson(text);
    if (!response.ok) throw ServiceApiError.fromResponse(response.status, body, response.headers.get('retry-after'));
    if (body === undefined) throw ServiceApiError.fromResponse(502, undefined, null);
    return { body: body as T, replayed: response.headers.get('idempotent-replayed') === 'true' };
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
