import type { HttpClient, RequestOptions } from './http';
import { allItems } from './pages';
import type { ListEventsParams, Page, ServiceEvent } from './types';

type Signal = Pick<RequestOptions, 'signal'>;

/** `/v1/events`: the workspace's events of the key's mode, newest first (the last 30 days): a pull path without a public URL. */
export class Events {
  constructor(private readonly http: HttpClient) {}

  list(params: ListEventsParams = {}, options: Signal = {}): Promise<Page<ServiceEvent>> {
    return this.http.request({ method: 'GET', path: '/v1/events', query: { ...params }, ...options });
  }

  /** Every event matching `params`, newest first, page after page (a page may be short: `next` says whether more follow). */
  async *listAll(params: Omit<ListEventsParams, 'cursor'> = {}, options: Signal = {}): AsyncGenerator<ServiceEvent> {
    yield* allItems((cursor) => this.list({ ...params, cursor }, options));
  }

  retrieve(id: string, options: Signal = {}): Promise<ServiceEvent> {
    return this.http.request({ method: 'GET', path: `/v1/events/${encodeURIComponent(id)}`, ...options });
  }
}
