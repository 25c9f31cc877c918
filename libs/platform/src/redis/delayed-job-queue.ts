import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * The one BullMQ adapter (timers and deliveries are delayed jobs, all
 * re-derivable from PostgreSQL). A context declares its port (libs/deployments TimerScheduler,
 * libs/delivery AttemptScheduler) and maps it onto this; nothing else imports bullmq.
 *
 * Job ids are deterministic, so adding a job twice adds it once. BullMQ forbids `:` in custom
 * ids (it separates repeat-job keys), hence `-` in every id the contexts derive.
 */
export interface DelayedJob<Data> {
  id: string;
  name: string;
  data: Data;
  dueAt: Date;
}

export interface DelayedJobQueueOptions {
  /** The queue's name: keys are `<prefix>:<name>:…`. */
  name: string;
  /** config.redisPrefix, so a test or a deployment can clear its own keys. */
  prefix: string;
  /** A `producer` connection (openRedis). */
  connection: Redis;
  /** Retention and job-level retries; id and delay come from each job. */
  jobOptions: Omit<JobsOptions, 'jobId' | 'delay'>;
}

export type EnsureOutcome = 'added' | 'present' | 'revived';

export class DelayedJobQueue<Data> {
  readonly queue: Queue<Data>;

  constructor(private readonly options: DelayedJobQueueOptions) {
    this.queue = new Queue<Data>(options.name, { connection: options.connection, prefix: options.prefix });
  }

  /** Adds each job due at its time (at once when overdue), in one round trip. */
  async add(jobs: readonly DelayedJob<Data>[], now: Date): Promise<void> {
    if (jobs.length === 0) return;
    // Adding an id that exists is a no-op in BullMQ, but each costs a Lua script; one pipelined
    // EXISTS per id is far cheaper, and a reconciler re-adds the same timers on every event.
    const present = await this.presentJobIds(jobs.map((job) => job.id));
    const missing = jobs.filter((job) => !present.has(job.id));
    await this.addNew(missing, now);
  }

  /**
   * Adds jobs whose ids cannot exist yet, each derived from an event its caller has just appended
   * (a new delivery's first attempt, the retry after a recorded attempt): an EXISTS first would
   * only ever answer "absent". A repeat is still a no-op in BullMQ.
   */
  async addNew(jobs: readonly DelayedJob<Data>[], now: Date): Promise<void> {
    if (jobs.length === 0) return;
    if (jobs.length === 1) {
      const [job] = jobs;
      await this.queue.add(job.name as Parameters<Queue<Data>['add']>[0], job.data as Parameters<Queue<Data>['add']>[1], this.optionsFor(job, now));
      return;
    }
    await this.queue.addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: this.optionsFor(job, now) })) as Parameters<Queue<Data>['addBulk']>[0]);
  }

  /**
   * For a reconciler: makes sure the job exists. A job that ended without its effect (it failed
   * all its job-level retries, or completed while its retention keeps it) is removed and added
   * again; one waiting, delayed or running is left alone.
   */
  async ensure(job: DelayedJob<Data>, now: Date): Promise<EnsureOutcome> {
    const state = await this.queue.getJobState(job.id);
    if (state === 'unknown') {
      // In no list. Redis may have lost only part of a job's keys (eviction, a flush by prefix
      // racing an add): a job hash left behind makes BullMQ take every add as a repeat, so the
      // job would never run again. The orphan goes first (a soak found one stuck for minutes).
      if ((await this.presentJobIds([job.id])).has(job.id)) await this.queue.remove(job.id);
      await this.addNew([job], now);
      return 'added';
    }
    if (state !== 'completed' && state !== 'failed') return 'present';
    await (await this.queue.getJob(job.id))?.remove();
    await this.add([job], now);
    return 'revived';
  }

  /**
   * Makes a job due now: a delayed one is promoted (BullMQ moves it to the waiting list, its id
   * kept), a missing or ended one is ensured due now, one waiting or running is left alone. Asking
   * twice does what asking once did.
   */
  async bringForward(job: DelayedJob<Data>, now: Date): Promise<'promoted' | EnsureOutcome> {
    const state = await this.queue.getJobState(job.id);
    if (state === 'delayed') {
      try {
        await (await this.queue.getJob(job.id))?.promote();
        return 'promoted';
      } catch (error) {
        // Promoted meanwhile (another request, or its time came): no longer delayed, nothing to do.
        if ((await this.queue.getJobState(job.id)) !== 'delayed') return 'present';
        throw error;
      }
    }
    return this.ensure({ ...job, dueAt: now }, now);
  }

  /** Drops jobs no longer needed; a job being processed is left to finish. */
  async remove(jobIds: readonly string[]): Promise<void> {
    // Most ids asked for are not there (a reconciler removes every timer kind a state no longer
    // has): BullMQ's remove script scans every list even for a missing job.
    const present = await this.presentJobIds(jobIds);
    for (const jobId of jobIds) if (present.has(jobId)) await this.queue.remove(jobId);
  }

  /** Which of these job ids have a job hash in Redis, in one round trip. */
  private async presentJobIds(jobIds: readonly string[]): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    // One EXISTS over every key counts them: none or all (nearly always) settles it without a
    // pipeline, whose construction cost the router more than Redis's answer.
    const count = await this.options.connection.exists(...jobIds.map((jobId) => this.queue.toKey(jobId))).catch(() => undefined);
    if (count === 0) return new Set();
    if (count === jobIds.length) return new Set(jobIds);
    const replies = (await this.options.connection.pipeline(jobIds.map((jobId) => ['exists', this.queue.toKey(jobId)])).exec()) ?? [];
    // A failed EXISTS counts as present: the caller then does what it did before this check.
    return new Set(jobIds.filter((_, index) => replies[index]?.[0] !== null || replies[index]?.[1] === 1));
  }

  /** Ids of the jobs waiting to run (tests and diagnostics). */
  async pendingJobIds(): Promise<string[]> {
    const jobs = await this.queue.getJobs(['delayed', 'waiting']);
    return jobs.flatMap((job) => (job?.id ? [job.id] : []));
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  private optionsFor(job: DelayedJob<Data>, now: Date): JobsOptions {
    return { ...this.options.jobOptions, jobId: job.id, delay: Math.max(0, job.dueAt.getTime() - now.getTime()) };
  }
}

export interface JobWorkerOptions<Data> {
  name: string;
  prefix: string;
  /** A `worker` connection (openRedis): it blocks. */
  connection: Redis;
  concurrency: number;
  /** A worker killed mid-job frees it after this; it then runs again. */
  lockMs?: number;
  /** Past this many stalls a crashing job fails; the reconciler revives it. */
  maxStalledCount?: number;
  /** Job-level retry delays for `backoff: { type: 'custom' }`-style strategies, by attempts made. */
  backoff?: (attemptsMade: number) => number;
  /** Malformed job data: retrying cannot fix it, so the job fails at once (UnrecoverableError). */
  parse?: (data: unknown) => Data | null;
  /** Where failures are reported. */
  log: (line: string) => void;
}

/** Runs the queue's jobs, `concurrency` at a time per process; several processes share the queue, each job runs once. */
export function startJobWorker<Data, Result>(options: JobWorkerOptions<Data>, handle: (data: Data) => Promise<Result>): Worker<Data, Result> {
  const worker = new Worker<Data, Result>(
    options.name,
    async (job: Job<Data, Result>) => {
      const data = options.parse ? options.parse(job.data) : job.data;
      if (data === null) throw new UnrecoverableError(`malformed ${options.name} job ${JSON.stringify(job.data)}`);
      return handle(data);
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      ...(options.lockMs === undefined ? {} : { lockDuration: options.lockMs, stalledInterval: Math.min(30_000, options.lockMs) }),
      ...(options.maxStalledCount === undefined ? {} : { maxStalledCount: options.maxStalledCount }),
      ...(options.backoff ? { settings: { backoffStrategy: options.backoff } } : {}),
    },
  );
  worker.on('failed', (job, error) => options.log(`${options.name}: job ${job?.id ?? '?'} failed (${job?.attemptsMade ?? 0} tries): ${error.message}`));
  worker.on('error', (error) => options.log(`${options.name}: worker error: ${error.message}`));
  return worker;
}

export { UnrecoverableError as UnrecoverableJobError };
