import { waitUntil } from '@eh/platform/testing';
import { request } from '../../support/http';

export const ADMIN_KEY = 'admin-key-for-webhook-tests-0123456789';

export interface AttemptView {
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

export interface DeliveryView {
  id: string;
  status: string;
  workspace_id: string;
  endpoint_id: string | null;
  url: string;
  event_type: string;
  event_id: string;
  deployment_id: string | null;
  attempts: number;
  next_attempt_at: string | null;
  dead_letter_reason: string | null;
  created_at: string;
  attempt_history: AttemptView[];
  body: string;
}

/** The admin API as operations call it. */
export function admin(baseUrl: string) {
  const call = <T>(method: string, path: string, body?: unknown) => request<T>(baseUrl, method, path, { key: ADMIN_KEY, body });
  return {
    call,
    delivery: async (id: string) => (await call<DeliveryView>('GET', `/admin/v1/webhook-deliveries/${id}`)).body,
    list: async (query: string) => (await call<{ data: DeliveryView[]; next: string | null }>('GET', `/admin/v1/webhook-deliveries?${query}`)).body,
    /** Waits until every delivery of `query` (at least `count`) has `status`. */
    async settled(query: string, count: number, status: string, timeoutMs?: number): Promise<DeliveryView[]> {
      return waitUntil(
        async () => {
          const { data } = await this.list(`${query}&limit=100`);
          return data.length >= count && data.every((delivery) => delivery.status === status) ? data : undefined;
        },
        { timeoutMs, description: `${count} deliveries ${status} for ${query}` },
      );
    },
  };
}
