import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { attemptDelivery, type AttemptDeps, type AttemptOutcome } from '@eh/delivery';
import { DELIVERY_QUEUE, type AttemptJob } from './delivery-queue';

export interface WorkerOptions {
  prefix: string;
  concurrency: number;
  /** A worker killed mid-attempt frees its job after this; it is then made again. */
  lockMs: number;
}

/** Job-level retry for infrastructure failures: 1 s, 2 s, 4 s … at most 30 s. */
export const infrastructureBackoff = (attemptsMade: number): number => Math.min(1000 * 2 ** Math.max(0, attemptsMade - 1), 30_000);

function parseJob(data: unknown): AttemptJob {
  const job = data as Partial<AttemptJob> | null;
  if (!job || typeof job.delivery_id !== 'string' || !Number.isInteger(job.attempt)) {
    // Retrying cannot fix a malformed job; the reconciler re-creates a good one if needed.
    throw new UnrecoverableError(`malformed delivery job ${JSON.stringify(data)}`);
  }
  return { delivery_id: job.delivery_id, attempt: job.attempt as number };
}

/** Runs attempts from the queue, `concurrency` at a time per process. */
export function startDeliveryWorker(connection: Redis, deps: AttemptDeps, options: WorkerOptions): Worker<AttemptJob, AttemptOutcome> {
  const worker = new Worker<AttemptJob, AttemptOutcome>(
    DELIVERY_QUEUE,
    async (job) => {
      const { delivery_id, attempt } = parseJob(job.data);
      return attemptDelivery(deps, delivery_id, attempt);
    },
    {
      connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: Math.min(30_000, options.lockMs),
      // Past this a crashing job fails; the reconciler revives it, so nothing is lost.
      maxStalledCount: 3,
      settings: { backoffStrategy: infrastructureBackoff },
    },
  );
  worker.on('failed', (job, error) => console.error(`webhooks: job ${job?.id ?? '?'} failed (${job?.attemptsMade ?? 0} tries)`, error.message));
  worker.on('error', (error) => console.error('webhooks: worker error', error.message));
  return worker;
}
