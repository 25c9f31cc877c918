import type { McpConfig } from '../mcp.config';
import type {
  ApiDeployment,
  ApiDeploymentQuote,
  ApiEvent,
  ApiList,
  ApiMemoryEntry,
  ApiRosterEntry,
  ApiUsage,
  CreateDeploymentBody,
  JsonObject,
  ListDeploymentsQuery,
  ReplyBody,
} from './api-types';
import { ServiceApiError } from './service-api.error';

/** A successful answer, with what the tools report beside the body. */
export interface ApiAnswer<T> {
  body: T;
  /** `Idempotent-Replayed: true`: the API returned the answer stored under this Idempotency-Key. */
  replayed: boolean;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/**
 * The REST API, and nothing past it: every tool is one or more of these calls with the
 * workspace key from the host's config. Error answers become `ServiceApiError` with the API's
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

  // The tools beyond the five published ones.

  quoteDeployment(body: CreateDeploymentBody, signal?: AbortSignal): Promise<ApiAnswer<ApiDeploymentQuote>> {
    return this.call({ method: 'POST', path: '/v1/deployments/quote', body, signal });
  }

  cancelDeployment(id: string, reason: string | undefined, idempotencyKey: string, signal?: AbortSignal): Promise<ApiAnswer<ApiDeployment>> {
    return this.call({ method: 'POST', path: `/v1/deployments/${encodeURIComponent(id)}/cancel`, body: reason === undefined ? {} : { reason }, idempotencyKey, signal });
  }

  listDeployments(query: ListDeploymentsQuery, signal?: AbortSignal): Promise<ApiAnswer<ApiList<ApiDeployment>>> {
    const params = new URLSearchParams();
    for (const status of query.status ?? []) params.append('status', status);
    if (query.skill !== undefined) params.set('skill', query.skill);
    if (query.created_after !== undefined) params.set('created_after', query.created_after);
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    if (query.cursor !== undefined) params.set('cursor', query.cursor);
    return this.call({ method: 'GET', path: `/v1/deployments${params.size > 0 ? `?${params.toString()}` : ''}`, signal });
  }

  /** A deployment's public events, oldest first, one page after `cursor`. */
  listDeploymentEvents(id: string, cursor: string | null, signal?: AbortSignal): Promise<ApiAnswer<ApiList<ApiEvent>>> {
    const search = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
    return this.call({ method: 'GET', path: `/v1/deployments/${encodeURIComponent(id)}/events${search}`, signal });
  }

  openHandoff(body: JsonObject, idempotencyKey: string, signal?: AbortSignal): Promise<ApiAnswer<JsonObject>> {
    return this.call({ method: 'POST', path: '/v1/handoffs', body, idempotencyKey, signal });
  }

  listMemory(query: { kind?: string; cursor?: string }, signal?: AbortSignal): Promise<ApiAnswer<ApiList<ApiMemoryEntry>>> {
    const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return this.call({ method: 'GET', path: `/v1/memory${params.size > 0 ? `?${params.toString()}` : ''}`, signal });
  }

  getMemoryEntry(key: string, signal?: AbortSignal): Promise<ApiAnswer<ApiMemoryEntry>> {
    return this.call({ method: 'GET', path: `/v1/memory/${encodeURIComponent(key)}`, signal });
  }

  putMemoryEntry(key: string, body: { kind: string; body: string }, signal?: AbortSignal): Promise<ApiAnswer<ApiMemoryEntry>> {
    return this.call({ method: 'PUT', path: `/v1/memory/${encodeURIComponent(key)}`, body, signal });
  }

  /**
   * The live server-sent events of one deployment (docs/dashboard-contract.md), after
   * `lastEventId`: the open response, whose body the caller reads until it ends or `signal` aborts.
   */
  async openDeploymentEventStream(id: string, lastEventId: string | null, signal: AbortSignal): Promise<Response> {
    if (!this.config.apiKey) throw ServiceApiError.missingKey();
    const headers = { ...this.headers(), accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }) };
    const response = await this.fetchImpl(`${this.config.baseUrl}/v1/deployments/${encodeURIComponent(id)}/events/stream`, { headers, signal });
    if (!response.ok) throw ServiceApiError.fromResponse(response.status, parseJson(await response.text()), response.headers.get('retry-after'));
    return response;
  }

  private headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.config.apiKey}`,
      accept: 'application/json',
      'service-version': this.config.apiVersion,
      'user-agent': 'expert-handoff-mcp',
    };
  }

  private async call<T>(call: Call): Promise<ApiAnswer<T>> {
    if (!this.config.apiKey) throw ServiceApiError.missingKey();
    const headers = this.headers();
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
