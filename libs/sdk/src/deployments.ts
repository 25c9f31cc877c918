import { openDeploymentEventStream, type EventStreamOptions, type StreamedEvent } from './event-stream';
import type { HttpClient, RequestOptions } from './http';
import { allItems } from './pages';
import type {
  CancelParams,
  CreateDeploymentParams,
  Deployment,
  DeploymentQuote,
  ListDeploymentsParams,
  Page,
  ReplyParams,
  ServiceEvent,
  TypedDeployment,
} from './types';
import { waitForDeployment, type WaitForOptions } from './wait-for';

const path = (id: string, rest = ''): string => `/v1/deployments/${encodeURIComponent(id)}${rest}`;

/** `/v1/deployments`: hand work to an expert, follow it, answer its question. */
export class Deployments {
  constructor(private readonly http: HttpClient) {}

  create(params: CreateDeploymentParams, options: RequestOptions = {}): Promise<Deployment> {
    return this.http.request({ method: 'POST', path: '/v1/deployments', body: params, ...options });
  }

  /** What `create` with the same params would do now (expert, credits, times), creating and reserving nothing. */
  quote(params: CreateDeploymentParams, options: RequestOptions = {}): Promise<DeploymentQuote> {
    return this.http.request({ method: 'POST', path: '/v1/deployments/quote', body: params, ...options });
  }

  retrieve(id: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Deployment> {
    return this.http.request({ method: 'GET', path: path(id), ...options });
  }

  list(params: ListDeploymentsParams = {}, options: Pick<RequestOptions, 'signal'> = {}): Promise<Page<Deployment>> {
    return this.http.request({ method: 'GET', path: '/v1/deployments', query: { ...params }, ...options });
  }

  /** Every deployment matching `params`, page after page. */
  async *listAll(params: Omit<ListDeploymentsParams, 'cursor'> = {}, options: Pick<RequestOptions, 'signal'> = {}): AsyncGenerator<Deployment> {
    yield* allItems((cursor) => this.list({ ...params, cursor }, options));
  }

  cancel(id: string, params: CancelParams = {}, options: RequestOptions = {}): Promise<Deployment> {
    return this.http.request({ method: 'POST', path: path(id, '/cancel'), body: params, ...options });
  }

  reply(id: string, params: ReplyParams, options: RequestOptions = {}): Promise<Deployment> {
    return this.http.request({ method: 'POST', path: path(id, '/reply'), body: params, ...options });
  }

  /** The deployment's public events so far, oldest first (each the webhook body). */
  events(id: string, params: { cursor?: string; limit?: number } = {}, options: Pick<RequestOptions, 'signal'> = {}): Promise<Page<ServiceEvent>> {
    return this.http.request({ method: 'GET', path: path(id, '/events'), query: params, ...options });
  }

  /**
   * The deployment's live events as they happen, each with its id to resume after (`lastEventId`):
   * `for await (const { event } of await client.deployments.stream(id, { signal })) …`. Resolves
   * once the stream is open; it is not reconnected when it drops (`waitFor` does that for you).
   */
  stream(id: string, options: EventStreamOptions = {}): Promise<AsyncGenerator<StreamedEvent>> {
    return openDeploymentEventStream(this.http, id, options);
  }

  /**
   * Resolves once the deployment reaches one of `until` (default needs_input or completed) or a
   * final state. `Data` types the answer of a deployment created with an `output_schema`:
   * `const done = await client.deployments.waitFor<{ variants: string[] }>(id, { until: ['completed'] })`.
   */
  waitFor<Data = Record<string, unknown>>(id: string, options: WaitForOptions = {}): Promise<TypedDeployment<Data>> {
    return waitForDeployment(this.http, id, options) as Promise<TypedDeployment<Data>>;
  }
}
