import { Deployments } from './deployments';
import { Events } from './events';
import { HttpClient, type ClientOptions, type RequestOptions } from './http';
import type { Expert, Handoff, MemoryEntry, OpenHandoffParams, Page, PutMemoryEntryParams, Usage } from './types';
import { Webhooks } from './webhooks';

type Signal = Pick<RequestOptions, 'signal'>;

/**
 * The Expert Handoff API for agents:
 *
 * ```ts
 * const client = new ExpertHandoff({ apiKey: process.env.SERVICE_API_KEY! });
 * const deployment = await client.deployments.create({ brief: 'Write a tagline for a bakery.', skills: ['copywriting'] });
 * const done = await client.deployments.waitFor(deployment.id, { until: ['completed'] });
 * ```
 */
export class ExpertHandoff {
  readonly deployments: Deployments;
  readonly events: Events;
  readonly webhooks = new Webhooks();
  readonly experts: { list(params?: { limit?: number; cursor?: string }, options?: Signal): Promise<Page<Expert>> };
  readonly usage: { retrieve(options?: Signal): Promise<Usage> };
  readonly memory: {
    list(params?: { kind?: MemoryEntry['kind']; cursor?: string; limit?: number }, options?: Signal): Promise<Page<MemoryEntry>>;
    retrieve(key: string, options?: Signal): Promise<MemoryEntry>;
    put(key: string, params: PutMemoryEntryParams, options?: Signal): Promise<MemoryEntry>;
    delete(key: string, options?: Signal): Promise<unknown>;
  };
  readonly handoffs: {
    create(params: OpenHandoffParams, options?: RequestOptions): Promise<Handoff>;
    retrieve(id: string, options?: Signal): Promise<Handoff>;
  };

  constructor(options: ClientOptions) {
    const http = new HttpClient(options);
    const memoryPath = (key: string): string => `/v1/memory/${encodeURIComponent(key)}`;
    this.deployments = new Deployments(http);
    this.events = new Events(http);
    this.experts = { list: (params = {}, o = {}) => http.request({ method: 'GET', path: '/v1/experts', query: params, ...o }) };
    this.usage = { retrieve: (o = {}) => http.request({ method: 'GET', path: '/v1/usage', ...o }) };
    this.memory = {
      list: (params = {}, o = {}) => http.request({ method: 'GET', path: '/v1/memory', query: params, ...o }),
      retrieve: (key, o = {}) => http.request({ method: 'GET', path: memoryPath(key), ...o }),
      put: (key, params, o = {}) => http.request({ method: 'PUT', path: memoryPath(key), body: params, ...o }),
      delete: (key, o = {}) => http.request({ method: 'DELETE', path: memoryPath(key), ...o }),
    };
    this.handoffs = {
      create: (params, o = {}) => http.request({ method: 'POST', path: '/v1/handoffs', body: params, ...o }),
      retrieve: (id, o = {}) => http.request({ method: 'GET', path: `/v1/handoffs/${encodeURIComponent(id)}`, ...o }),
    };
  }
}
