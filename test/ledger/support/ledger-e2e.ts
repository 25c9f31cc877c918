import { RPC_PATTERNS, rpcSubject, type ReserveCreditsReply } from '@eh/contracts';
import type { UsageResource } from '@eh/ledger';
import { PrefixedNatsClient, requestReply } from '@eh/platform';
import { connect } from 'nats';
import { waitUntil } from '@eh/platform/testing';
import { request, type JsonResponse } from '../../support/http';
import { startServices, type RunningServices } from '../../support/service-harness';
import { sharedServices } from '../../support/shared-services';
import type { Workspace } from '../../support/workspace';
export type { Workspace } from '../../support/workspace';

export const ADMIN_KEY = 'svc_admin_ledger_e2e_0123456789abcdef';

/** Admin on, rate limit out of the way, a shorter usage cache so polling tests settle sooner. */
export const LEDGER_ENV = { ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000', USAGE_CACHE_MS: '300' };

export interface Expert {
  id: string;
  credential: string;
}

/** GET /v1/usage as these tests read it: the ledger's usage object, less the plan they do not look at. */
export type Usage = Omit<UsageResource, 'object' | 'plan'>;

export interface Deployment {
  id: string;
  status: string;
  credits_reserved: number;
  credits_charged?: number;
}

export interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Drives the running services as an agent, an expert and operations would, for the ledger's e2e tests. */
export class LedgerE2e {
  private constructor(readonly services: RunningServices) {}

  static async start(env: Record<string, string> = {}): Promise<LedgerE2e> {
    return new LedgerE2e(await startServices({ ...LEDGER_ENV, ...env }));
  }

  /** On a stack the worker's other ledger files share (shared-services.ts): for files whose experts have skills of their own. */
  static async shared(env: Record<string, string> = {}): Promise<LedgerE2e> {
    return new LedgerE2e(await sharedServices({ ...LEDGER_ENV, ...env }));
  }

  /** A workspace with a plan of `cap` credits per cycle (no top-up). */
  async workspace(name: string, plan: { cap: number; inFlight: number; cycleDays?: number }): Promise<Workspace> {
    const workspace = await this.services.ops<Workspace>('workspace:create', '--name', name);
    const args = ['account:plan', '--workspace', workspace.id, '--name', 'e2e', '--cycle-cap', String(plan.cap), '--in-flight-limit', String(plan.inFlight)];
    await this.services.ops(...args, ...(plan.cycleDays === undefined ? [] : ['--cycle-days', String(plan.cycleDays)]));
    return workspace;
  }

  /** An online expert whose quote estimate is ceil(rate × turnaround / 60) credits. */
  async expert(skill: string, rate: number, turnaroundMinutes: number): Promise<Expert> {
    const body = {
      name: `Ledger ${skill}`,
      role: 'Copywriter',
      skills: [skill],
      tenure_years: 3,
      median_turnaround_minutes: turnaroundMinutes,
      rate_credits_per_hour: rate,
      availability: 'online',
    };
    const response = await request<{ expert: { id: string }; credential: string }>(this.services.baseUrl, 'POST', '/admin/v1/experts', {
      headers: this.admin,
      body,
    });
    if (response.status !== 201) throw new Error(`register expert: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.expert.id, credential: response.body.credential };
  }

  get admin(): Record<string, string> {
    return { authorization: `Bearer ${ADMIN_KEY}` };
  }

  create<T = Deployment>(key: string, skill: string, options: { urgency?: string; headers?: Record<string, string> } = {}): Promise<JsonResponse<T>> {
    const body = { brief: 'Name the new plan. Two options.', skills: [skill], urgency: options.urgency ?? 'standard' };
    return request<T>(this.services.baseUrl, 'POST', '/v1/deployments', { key, headers: options.headers ?? {}, body });
  }

  usage(key: string): Promise<JsonResponse<Usage>> {
    return request<Usage>(this.services.baseUrl, 'GET', '/v1/usage', { key });
  }

  /** Polls GET /v1/usage until `matches` holds (the ledger reacts to deployment events asynchronously; the usage cache is short). */
  async usageWhen(key: string, matches: (usage: Usage) => boolean, description: string): Promise<Usage> {
    let last: Usage | undefined;
    return waitUntil(
      async () => {
        last = (await this.usage(key)).body;
        return matches(last) ? last : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100, description: `usage ${description}` },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; last usage ${JSON.stringify(last)}`);
    });
  }

  asExpert<T = Record<string, unknown>>(expert: Expert, path: string, body?: unknown): Promise<JsonResponse<T>> {
    return request<T>(this.services.baseUrl, 'POST', `/expert/v1${path}`, { key: expert.credential, body });
  }

  /** Waits for the router's offer to `expert`, then accepts, starts and publishes with `charge`. */
  async complete(expert: Expert, deploymentId: string, charge: number): Promise<Deployment> {
    await waitUntil(async () => (await this.events(`deployment-${deploymentId}`)).some((event) => event.type === 'deployment.offered'), {
      description: `offer of ${deploymentId}`,
    });
    for (const action of ['accept', 'start']) {
      const response = await this.asExpert(expert, `/deployments/${deploymentId}/${action}`);
      if (response.status !== 200) throw new Error(`${action}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    const published = await this.asExpert<Deployment>(expert, `/deployments/${deploymentId}/publish`, {
      body: '# Names\n\n1. Atlas',
      duration_seconds: 600,
      credits_charged: charge,
    });
    if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
    return published.body;
  }

  async events(stream: string): Promise<StoredEvent[]> {
    const { rows } = await this.services.database.pool.query<{ event_type: string; data: Record<string, unknown> }>(
      'SELECT event_type, data FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [stream],
    );
    return rows.map((row) => ({ type: row.event_type, data: row.data }));
  }

  /**
   * Holds credits straight through the ledger's reserve over NATS, as the gateway would, for a
   * deployment that will never be created: an orphan the test can use as a fence (its release
   * proves a sweep ran past its deadline).
   */
  async reserveDirectly(workspaceId: string, deploymentId: string, amount: number): Promise<{ expires_at: string }> {
    const prefix = this.services.env.SUBJECT_PREFIX;
    const client = new PrefixedNatsClient({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' }, (pattern) => rpcSubject(prefix, pattern));
    try {
      return await requestReply<ReserveCreditsReply>(
        client,
        RPC_PATTERNS.ledgerReserve,
        { workspace_id: workspaceId, deployment_id: deploymentId, amount, request_id: 'req_fence' },
        5_000,
      );
    } finally {
      await client.close();
    }
  }

  /** The subjects the relay published a deployment's events on, and the ledger durable's filter. */
  async busSubjects(deploymentId: string): Promise<{ subjects: string[]; ledgerFilter: string | undefined }> {
    const { NATS_STREAM: stream, SUBJECT_PREFIX: prefix } = this.services.env;
    const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    try {
      const jsm = await nats.jetstreamManager();
      const { state } = await jsm.streams.info(stream);
      const subjects: string[] = [];
      for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
        const message = await jsm.streams.getMessage(stream, { seq });
        if (message.subject.startsWith(`${prefix}.deployment.${deploymentId}`)) subjects.push(message.subject);
      }
      return { subjects, ledgerFilter: (await jsm.consumers.info(stream, 'ledger')).config.filter_subject };
    } finally {
      await nats.close();
    }
  }

  stop(): Promise<void> {
    return this.services.stop();
  }
}
