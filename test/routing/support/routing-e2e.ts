import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { TIMER_QUEUE_NAME } from '@eh/routing';
import { waitUntil } from '@eh/platform/testing';
import { Redis } from 'ioredis';
import { request, type JsonResponse } from '../../support/http';
import type { RunningServices } from '../../support/service-harness';
import { startWithWorkspace, type ServicesWithWorkspace } from '../../support/workspace';
export type { Workspace } from '../../support/workspace';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');

/** Scaled-down clocks: the real timers, in seconds. */
export const FAST_CLOCKS = {
  ADMIN_API_KEY: 'svc_admin_router_e2e_0123456789abcdef',
  OFFER_TIMEOUT_SECONDS: '2',
  SLA_PRIORITY_SECONDS: '6',
  SLA_STANDARD_SECONDS: '40',
  REPLY_WINDOW_SECONDS: '3',
  SCHEDULED_LEAD_SECONDS: '2',
  TIMER_RECONCILE_SECONDS: '1',
  RATE_LIMIT_PER_MINUTE: '100000',
};

export interface Expert {
  id: string;
  credential: string;
}

export interface Deployment {
  id: string;
  status: string;
  urgency: string;
  sla_deadline: string;
  scheduled_for: string | null;
  expert: { id: string; name: string; role: string } | null;
  output: { format: string; body: string; attachments: unknown[] } | null;
  question: { body: string; asked_at: string; reply_deadline: string } | null;
  reply: { body: string; replied_at: string } | null;
  cancellation: { cancelled_by: string; reason: string } | null;
  expiry: { reason: string } | null;
  credits_charged?: number;
  duration_seconds?: number;
  created_at: string;
}

export interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
}

export class RouterE2e {
  constructor(readonly services: RunningServices) {}

  get admin(): Record<string, string> {
    return { authorization: `Bearer ${FAST_CLOCKS.ADMIN_API_KEY}` };
  }

  /** Registers an expert through the admin API; availability online unless told otherwise. */
  async addExpert(skills: string[], turnaround: number, extra: Record<string, unknown> = {}): Promise<Expert> {
    const body = {
      name: `Expert ${skills.join('+')} ${turnaround}`,
      role: 'Copywriter',
      skills,
      tenure_years: 5,
      median_turnaround_minutes: turnaround,
      rate_credits_per_hour: 90,
      availability: 'online',
      ...extra,
    };
    const response = await request<{ expert: { id: string }; credential: string }>(this.services.baseUrl, 'POST', '/admin/v1/experts', {
      headers: this.admin,
      body,
    });
    if (response.status !== 201) throw new Error(`register expert: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.expert.id, credential: response.body.credential };
  }

  create(key: string, body: Record<string, unknown>): Promise<JsonResponse<Deployment>> {
    return request<Deployment>(this.services.baseUrl, 'POST', '/v1/deployments', { key, body });
  }

  get(key: string, id: string): Promise<JsonResponse<Deployment>> {
    return request<Deployment>(this.services.baseUrl, 'GET', `/v1/deployments/${id}`, { key });
  }

  /** The expert API, as the expert tooling calls it. */
  asExpert<T = Record<string, unknown>>(expert: Expert, method: 'GET' | 'POST', path: string, body?: unknown): Promise<JsonResponse<T>> {
    return request<T>(this.services.baseUrl, method, `/expert/v1${path}`, { key: expert.credential, body });
  }

  /** `npm run expert -- <args>` against these services; parses its JSON output. */
  async expertCli<T>(expert: Expert, ...args: string[]): Promise<T> {
    const env = { ...process.env, EXPERT_API_URL: this.services.baseUrl, EXPERT_KEY: expert.credential };
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'dist/apps/cli/src/expert.main.js'), ...args], { env });
    return JSON.parse(stdout) as T;
  }

  async waitForStatus(key: string, id: string, status: string, timeoutMs = 15_000): Promise<Deployment> {
    return waitUntil(
      async () => {
        const response = await this.get(key, id);
        return response.body.status === status ? response.body : undefined;
      },
      { timeoutMs, intervalMs: 50, description: `${id} to be ${status}` },
    );
  }

  async events(id: string): Promise<StoredEvent[]> {
    const { rows } = await this.services.database.pool.query<{ event_type: string; data: Record<string, unknown> }>(
      'SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [`deployment-${id}`],
    );
    return rows.map((row) => ({ type: row.event_type, data: row.data }));
  }

  async types(id: string): Promise<string[]> {
    return (await this.events(id)).map((event) => event.type.replace('deployment.', ''));
  }

  /** Waits until the deployment has an event of `type` (without the `deployment.` prefix, as `types` gives it). */
  async waitForEvent(id: string, type: string, timeoutMs = 10_000): Promise<void> {
    await waitUntil(async () => ((await this.types(id)).includes(type) ? true : undefined), { timeoutMs, description: `${type} on ${id}` });
  }

  /** The deployment's event types that happened (metadata `occurred_at`) before `at`. */
  async typesBefore(id: string, at: Date): Promise<string[]> {
    const { rows } = await this.services.database.pool.query<{ event_type: string }>(
      "SELECT event_type FROM events WHERE stream_name = $1 AND (metadata->>'occurred_at')::timestamptz < $2 ORDER BY stream_revision",
      [`deployment-${id}`, at],
    );
    return rows.map((row) => row.event_type.replace('deployment.', ''));
  }

  /**
   * Waits until the router's timer worker has processed the BullMQ job `jobId` (e.g.
   * `offer-dep_…-1`), however it ended: a fence for "the late timer fired and changed nothing".
   * Read from the queue's own events stream (BullMQ writes `completed` there with the result).
   */
  async timerProcessed(jobId: string, timeoutMs = 10_000): Promise<string> {
    return this.withRedis((redis) =>
      waitUntil(
        async () => {
          const entries = await redis.xrange(`${this.services.env.REDIS_PREFIX}:${TIMER_QUEUE_NAME}:events`, '-', '+');
          for (const [, fields] of entries) {
            const field = (name: string) => fields[fields.indexOf(name) + 1];
            if (fields.includes('jobId') && field('jobId') === jobId && field('event') === 'completed') return field('returnvalue') ?? 'completed';
          }
          return undefined;
        },
        { timeoutMs, intervalMs: 50, description: `timer job ${jobId} processed` },
      ),
    );
  }

  /**
   * Waits until the router has scheduled the BullMQ job `jobId`: it does so when it handles the
   * event that implies the timer, which may come after the event is visible in PostgreSQL.
   */
  async timerScheduled(jobId: string, timeoutMs = 10_000): Promise<void> {
    await this.withRedis((redis) =>
      waitUntil(async () => ((await redis.exists(`${this.services.env.REDIS_PREFIX}:${TIMER_QUEUE_NAME}:${jobId}`)) === 1 ? true : undefined), {
        timeoutMs,
        intervalMs: 50,
        description: `timer job ${jobId} scheduled`,
      }),
    );
  }

  private async withRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      return await work(redis);
    } finally {
      await redis.quit();
    }
  }

  /** Waits until the deployment's open offer (the latest offered event not yet answered) goes to someone. */
  async waitForOffer(id: string, number: number, timeoutMs = 10_000): Promise<{ expertId: string; data: Record<string, unknown> }> {
    return waitUntil(
      async () => {
        const offered = (await this.events(id)).find((event) => event.type === 'deployment.offered' && event.data.offer_number === number);
        return offered ? { expertId: (offered.data.expert as { id: string }).id, data: offered.data } : undefined;
      },
      { timeoutMs, intervalMs: 50, description: `offer ${number} of ${id}` },
    );
  }
}

/** Where most end-to-end files start: the services, this helper on them, and a workspace of agents. */
export interface RouterSuite extends ServicesWithWorkspace {
  e2e: RouterE2e;
}

export async function startRouterSuite(starting: Promise<RunningServices>, workspaceName: string): Promise<RouterSuite> {
  const started = await startWithWorkspace(starting, workspaceName);
  return { ...started, e2e: new RouterE2e(started.services) };
}
