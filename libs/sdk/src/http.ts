import { randomUUID } from 'node:crypto';
import { connectionError, ExpertHandoffError, errorFromResponse } from './errors';

export interface ClientOptions {
  /** A workspace key: `svc_test_…` or `svc_live_…`. */
  apiKey: string;
  /** Default `http://127.0.0.1:3000`. */
  baseUrl?: string;
  /** `Service-Version`, pinning the payload shapes; default: the latest. */
  apiVersion?: string;
  /** Retries of what is safe to retry (429 with Retry-After, 503, connection errors); default 3. */
  maxRetries?: number;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** `User-Agent` of every request, naming the integration in the API's logs; default `expert-handoff-sdk`. */
  userAgent?: string;
  fetch?: typeof fetch;
}

/** What an answer carried beside its body. */
export interface ResponseInfo {
  status: number;
  /** `Request-Id`: quote it when reporting a problem. */
  requestId: string | null;
  /** `Idempotent-Replayed: true`: the API returned the answer it stored under this call's Idempotency-Key. */
  replayed: boolean;
  headers: Headers;
}

export interface RequestOptions {
  /** For a POST: sent as `Idempotency-Key`; generated once per call (and reused by its retries) when absent. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Called with the successful answer's status and headers (e.g. `replayed`) before its body is returned. */
  onResponse?: (response: ResponseInfo) => void;
}

export interface Call extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
}

const MAX_BACKOFF_MS = 8_000;

/** Transport: auth, version, Idempotency-Key on every POST, retries with backoff, errors as exceptions. */
export class HttpClient {
  readonly baseUrl: string;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required (svc_test_… or svc_live_…)');
    this.baseUrl = (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
    this.maxRetries = options.maxRetries ?? 3;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'expert-handoff-sdk',
      ...(this.options.apiVersion ? { 'service-version': this.options.apiVersion } : {}),
      ...extra,
    };
  }

  url(path: string, query: Call['query'] = {}): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
    }
    return `${this.baseUrl}${path}${params.size > 0 ? `?${params.toString()}` : ''}`;
  }

  async request<T>(call: Call): Promise<T> {
    // One key for every attempt of this call: a retry after a lost answer never acts twice.
    const idempotencyKey = call.method === 'POST' ? (call.idempotencyKey ?? randomUUID()) : undefined;
    const headers = this.headers({
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    });
    for (let attempt = 0; ; attempt++) {
      let error: ExpertHandoffError;
      try {
        const response = await this.fetchImpl(this.url(call.path, call.query), {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: call.signal ? AbortSignal.any([call.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs),
        });
        const text = await response.text();
        const body = text ? parseJson(text) : undefined;
        if (response.ok) {
          call.onResponse?.(responseInfo(response));
          return body as T;
        }
        error = errorFromResponse(response.status, body, response.headers.get('retry-after'));
      } catch (cause) {
        if (call.signal?.aborted) throw cause;
        error = connectionError(this.baseUrl, cause);
      }
      if (attempt >= this.maxRetries || !retryable(error)) throw error;
      await sleep(backoffMs(error, attempt), call.signal);
    }
  }

  /**
   * Opens a `text/event-stream` answer after `lastEventId` (`Last-Event-ID`): the open body, or the
   * error answer as an exception. Never retried: a stream's reader decides when to reconnect.
   */
  async openStream(path: string, options: { lastEventId?: string | null; signal?: AbortSignal } = {}): Promise<ReadableStream<Uint8Array>> {
    const lastEventId = options.lastEventId ?? null;
    const headers = this.headers({ accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'last-event-id': lastEventId }) });
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(path), { headers, signal: options.signal });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw connectionError(this.baseUrl, cause);
    }
    if (!response.ok) throw errorFromResponse(response.status, parseJson(await response.text()), response.headers.get('retry-after'));
    return response.body ?? ENDED();
  }
}

function responseInfo(response: Response): ResponseInfo {
  return {
    status: response.status,
    requestId: response.headers.get('request-id'),
    replayed: response.headers.get('idempotent-replayed') === 'true',
    headers: response.headers,
  };
}

/** An empty body, for a stream answer that came without one: it ends at once, as a dropped stream would. */
const ENDED = (): ReadableStream<Uint8Array> => new ReadableStream({ start: (controller) => controller.close() });

/** What is safe to retry under the same Idempotency-Key: a 429 that says when, a 503, an API not reached. */
function retryable(error: ExpertHandoffError): boolean {
  if (error.status === null) return true;
  if (error.status === 429) return error.retryAfterSeconds !== null;
  return error.status === 503;
}

/** `Retry-After` when given, else 0.5 s doubling with jitter, at most 8 s. */
export function backoffMs(error: Pick<ExpertHandoffError, 'retryAfterSeconds'>, attempt: number): number {
  if (error.retryAfterSeconds !== null) return error.retryAfterSeconds * 1000;
  const base = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
