import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { TimerRow } from './routing-view.query';

/** What a timer job carries: enough to send its command without reading a read model. */
export interface TimerJobData {
  deploymentId: string;
  workspaceId: string;
  kind: TimerRow['kind'];
  offerNumber: number | null;
  dueAt: string;
}

export const TIMER_QUEUE_NAME = 'deployment-timers';

/**
 * BullMQ delayed jobs for the deployment timers (DESIGN.md "Time"). Job ids are deterministic
 * (`sla-dep_…`), so adding a timer already waiting is a no-op, and completed or finally failed
 * jobs are removed, so the reconciler can add the same id again when the read model still
 * lists it. Each side has its own connection (BullMQ 6: bring your own; workers block).
 */
export class DeploymentTimerQueue {
  private readonly queueConnection: Redis;
  private readonly queue: Queue<TimerJobData>;
  private worker: Worker<TimerJobData> | undefined;
  private workerConnection: Redis | undefined;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    // Adding and removing jobs fails fast when Redis is away (the reconciler catches up later);
    // only the worker's blocking connection must retry forever (BullMQ 6).
    this.queueConnection = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.queue = new Queue<TimerJobData>(TIMER_QUEUE_NAME, { connection: this.queueConnection, prefix });
  }

  /** Adds each timer as a delayed job due at its time (at once when overdue). */
  async schedule(timers: readonly TimerRow[], now: Date): Promise<void> {
    if (timers.length === 0) return;
    await this.queue.addBulk(
      timers.map((timer) => ({
        name: timer.kind,
        data: { deploymentId: timer.deploymentId, workspaceId: timer.workspaceId, kind: timer.kind, offerNumber: timer.offerNumber, dueAt: timer.dueAt.toISOString() },
        opts: {
          jobId: timer.jobId,
          delay: Math.max(0, timer.dueAt.getTime() - now.getTime()),
          removeOnComplete: true,
          removeOnFail: true,
          attempts: 5,
          backoff: { type: 'exponential', delay: 500 },
        },
      })),
    );
  }

  /** Drops jobs the deployment no longer needs; a job being processed is left to finish. */
  async remove(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) await this.queue.remove(jobId);
  }

  /** Ids of the jobs waiting to fire (tests and diagnostics). */
  async pendingJobIds(): Promise<string[]> {
    const jobs = await this.queue.getJobs(['delayed', 'waiting']);
    return jobs.flatMap((job) => (job?.id ? [job.id] : []));
  }

  /** One worker per router process; several processes share the queue, each job runs once. */
  startWorker(handle: (job: TimerJobData) => Promise<void>, concurrency = 8): void {
    if (this.worker) throw new Error('timer worker already started');
    this.workerConnection = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    this.worker = new Worker<TimerJobData>(TIMER_QUEUE_NAME, (job: Job<TimerJobData>) => handle(job.data), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency,
    });
    this.worker.on('error', (error) => console.error('timer worker:', error.message));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.workerConnection?.disconnect();
    this.queueConnection.disconnect();
  }
}
