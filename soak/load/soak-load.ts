import { choosePlan, mustBePriority, planLabel, testMetadata, type DeploymentPlan } from './deployment-plans';
import { expertWork, type ExpertWorkContext } from './expert-work';
import { between, poll, sleep } from './script-timing';
import type { SoakClient } from './soak-client';
import type { SoakExpert, SoakWorld } from './soak-setup';
import type { WebhookReceivers } from './webhook-receivers';

/** One `POST /v1/deployments` the soak made, and what it finally answered. */
export interface CreateRecord {
  op: string;
  workspaceId: string;
  mode: 'test' | 'live';
  plan: string;
  status: number;
  code: string | null;
  /** The error message of a refusal (why a create answered 4xx). */
  message: string | null;
  deploymentId: string | null;
}

interface Deployment {
  id: string;
  status: string;
}

export interface LoadSettings {
  /** New deployments per second, on a fixed schedule whatever the answers (open loop). */
  ratePerSecond: number;
  /** Deployment scripts running at once; past it a tick is skipped and counted. */
  maxInFlight: number;
  replyWindowSeconds: number;
  slaStandardSeconds: number;
}

const TERMINAL = new Set(['completed', 'cancelled', 'expired']);

/**
 * The soak's steady mix: an agent creating test and live deployments on a fixed schedule and
 * doing what each plan says (replies, cancels), experts answering their offers and doing the
 * work through /expert/v1, receivers' outages switched on and off, dead letters replayed.
 */
export class SoakLoad {
  readonly creates: CreateRecord[] = [];
  readonly plans = new Map<string, DeploymentPlan>();
  readonly counts = { skippedTicks: 0, scriptErrors: 0, replays: 0, replayed: 0, expertActions: 0, agentReplies: 0, agentCancels: 0 };
  private readonly scripts = new Set<Promise<void>>();
  private readonly handledOffers = new Map<string, Set<string>>();
  private creating = false;
  private running = false;
  private sequence = 0;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly client: SoakClient,
    private readonly world: SoakWorld,
    private readonly receivers: WebhookReceivers,
    private readonly adminKey: string,
    private readonly settings: LoadSettings,
  ) {}

  start(): void {
    this.creating = true;
    this.running = true;
    this.loops = [this.createLoop(), ...this.world.experts.map((expert) => this.expertLoop(expert)), this.outageLoop()];
  }

  /** No new deployments; the scripts of existing ones go on. */
  stopCreating(): void {
    this.creating = false;
  }

  /** Waits for every deployment script (bounded), then stops the experts and the outage switch. */
  async drain(timeoutMs: number): Promise<{ unfinished: number }> {
    const deadline = Date.now() + timeoutMs;
    while (this.scripts.size > 0 && Date.now() < deadline) await sleep(500);
    const unfinished = this.scripts.size;
    this.running = false;
    this.creating = false;
    await Promise.all(this.loops);
    // Receivers are back to normal for what is still retrying, and every dead letter gets one more chance.
    for (const workspace of this.world.workspaces) this.receivers.setOutage(workspace.id, false);
    await this.replayDeadLetters();
    return { unfinished };
  }

  get inFlight(): number {
    return this.scripts.size;
  }

  private get expertContext(): ExpertWorkContext {
    return {
      client: this.client,
      replyWindowSeconds: this.settings.replyWindowSeconds,
      countAction: () => {
        this.counts.expertActions += 1;
      },
    };
  }

  private async createLoop(): Promise<void> {
    const interval = 1000 / this.settings.ratePerSecond;
    let next = Date.now();
    while (this.creating) {
      next += interval * between(0.5, 1.5);
      await sleep(Math.max(0, next - Date.now()));
      if (!this.creating) break;
      if (this.scripts.size >= this.settings.maxInFlight) {
        this.counts.skippedTicks += 1;
        continue;
      }
      const script = this.runDeployment(choosePlan()).catch(() => {
        this.counts.scriptErrors += 1;
      });
      this.scripts.add(script);
      void script.finally(() => this.scripts.delete(script));
    }
  }

  private async runDeployment(plan: DeploymentPlan): Promise<void> {
    const op = `${this.world.runId}-${++this.sequence}`;
    const workspace = this.world.workspaces[Math.floor(Math.random() * this.world.workspaces.length)];
    const key = workspace.keys[plan.mode];
    const scheduled = !mustBePriority(plan) && Math.random() < 0.05;
    const urgency = mustBePriority(plan) ? 'priority' : scheduled ? 'scheduled' : Math.random() < 0.5 ? 'priority' : 'standard';
    const body: Record<string, unknown> = {
      brief: `Soak ${op}: write a tagline for a bakery that opens at dawn.`,
      skills: plan.mode === 'live' ? [this.world.skill] : ['copywriting'],
      urgency,
      metadata: { soak_op: op, soak_plan: planLabel(plan), ...testMetadata(plan) },
    };
    if (scheduled) body.scheduled_for = new Date(Date.now() + 8_000).toISOString();
    if (Math.random() < 0.15) body.webhook_url = this.receivers.url('flaky', workspace.id, 'override');
    const created = await this.client.call<{ id?: string; error?: { code: string; message: string } }>('POST', '/v1/deployments', {
      key,
      body,
      headers: { 'idempotency-key': op },
    });
    const error = created.body?.error;
    const record: CreateRecord = {
      op,
      workspaceId: workspace.id,
      mode: plan.mode,
      plan: planLabel(plan),
      status: created.status,
      code: error?.code ?? null,
      message: error?.message ?? null,
      deploymentId: created.status === 201 ? (created.body.id ?? null) : null,
    };
    this.creates.push(record);
    if (record.deploymentId === null) return;
    const id = record.deploymentId;
    this.plans.set(id, plan);
    await this.agentPart(key, id, plan);
  }

  /** What the agent does for a plan: reply to a question, cancel. */
  private async agentPart(key: string, id: string, plan: DeploymentPlan): Promise<void> {
    const get = async (): Promise<Deployment | undefined> => {
      const answer = await this.client.call<Deployment>('GET', `/v1/deployments/${id}`, { key, deadlineMs: 30_000 });
      return answer.status === 200 ? answer.body : undefined;
    };
    const reachesAny = (statuses: string[], timeoutMs: number) =>
      poll(async () => {
        const deployment = await get();
        return deployment && (statuses.includes(deployment.status) || TERMINAL.has(deployment.status)) ? deployment : undefined;
      }, timeoutMs);
    const cancel = async (): Promise<void> => {
      this.counts.agentCancels += 1;
      await this.client.call('POST', `/v1/deployments/${id}/cancel`, {
        key,
        body: { reason: 'soak: changed plans' },
        headers: { 'idempotency-key': `${id}-cancel` },
      });
    };
    const reply = async (): Promise<void> => {
      const waiting = await reachesAny(['needs_input'], 60_000);
      if (waiting?.status !== 'needs_input') return;
      await sleep(between(200, 2_000));
      this.counts.agentReplies += 1;
      await this.client.call('POST', `/v1/deployments/${id}/reply`, {
        key,
        body: { body: 'Young professionals first.' },
        headers: { 'idempotency-key': `${id}-reply` },
      });
    };
    if (plan.mode === 'test') {
      if (plan.name === 'ask_reply') await reply();
      if (plan.name === 'cancel_at_once') await cancel();
      if (plan.name === 'stay_then_cancel') {
        const accepted = await reachesAny(['accepted'], 60_000);
        if (accepted?.status === 'accepted') {
          await sleep(between(500, 3_000));
          await cancel();
        }
      }
      return;
    }
    if (plan.name === 'agent_cancel_pending') {
      await sleep(between(0, 2_000));
      return cancel();
    }
    if (plan.work === 'ask_reply') await reply();
    if (plan.work === 'agent_cancel_accepted') {
      const accepted = await reachesAny(['accepted'], 90_000);
      if (accepted?.status === 'accepted') await cancel();
    }
    // Every live script lasts until its deployment ends (bounded), so drain() waits for the experts' work too.
    await reachesAny([], this.settings.slaStandardSeconds * 1000 + this.settings.replyWindowSeconds * 1000 + 60_000);
  }

  /** One expert: looks at their offers and answers each as its deployment's plan says. */
  private async expertLoop(expert: SoakExpert): Promise<void> {
    while (this.running) {
      await sleep(between(500, 1_000));
      const offers = await this.client
        .call<{ data: { id: string }[] }>('GET', '/expert/v1/offers', { key: expert.credential, deadlineMs: 10_000 })
        .catch(() => undefined);
      for (const offer of offers?.status === 200 ? offers.body.data : []) {
        const plan = this.plans.get(offer.id);
        if (!plan || plan.mode !== 'live' || plan.name !== 'worked') continue;
        const handled = this.handledOffers.get(offer.id) ?? new Set<string>();
        this.handledOffers.set(offer.id, handled);
        if (handled.has(expert.id)) continue;
        const reaction = plan.offers[handled.size] ?? 'accept';
        handled.add(expert.id);
        if (reaction === 'ignore') continue;
        const work = expertWork(this.expertContext, expert, offer.id, reaction, plan.work).catch(() => {
          this.counts.scriptErrors += 1;
        });
        this.scripts.add(work);
        void work.finally(() => this.scripts.delete(work));
      }
    }
  }

  /** Outage workspaces: their receiver fails for a while, then recovers and their dead letters are replayed. */
  private async outageLoop(): Promise<void> {
    const outages = this.world.workspaces.filter((workspace) => workspace.behavior === 'outage');
    while (this.running) {
      for (const workspace of outages) this.receivers.setOutage(workspace.id, true);
      await this.sleepWhileRunning(15_000);
      for (const workspace of outages) this.receivers.setOutage(workspace.id, false);
      await this.sleepWhileRunning(5_000);
      if (this.running) await this.replayDeadLetters();
      await this.sleepWhileRunning(15_000);
    }
  }

  private async replayDeadLetters(): Promise<void> {
    for (const workspace of this.world.workspaces) {
      const answer = await this.client
        .call<{ matched: number; replayed: number }>('POST', '/admin/v1/webhook-deliveries/replay', {
          key: this.adminKey,
          body: { workspace_id: workspace.id },
          deadlineMs: 30_000,
        })
        .catch(() => undefined);
      if (answer?.status === 200) {
        this.counts.replays += 1;
        this.counts.replayed += answer.body.replayed;
      }
    }
  }

  private async sleepWhileRunning(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (this.running && Date.now() < until) await sleep(Math.min(500, until - Date.now()));
  }
}
