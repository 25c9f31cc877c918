import { initDeliverySignals, startJobWorker } from '@eh/platform';
import type { Redis } from 'ioredis';
import { attemptDelivery, type AttemptDeps, type AttemptOutcome } from '../application/attempt-delivery.handler';
import { attemptWithSignals } from './delivery-signals';
import { DELIVERY_QUEUE, type AttemptJob } from './delivery-queue';

export interface WorkerOptions {
  prefix: string;
  concurrency: number;
  /** A worker killed mid-attempt frees its job after this; it is then made again. */
  lockMs: number;
}

/** Job-level retry for infrastructure failures: 1 s, 2 s, 4 s … at most 30 s. */
export const infrastructureBackoff = (attemptsMade: number): number => Math.min(1000 * 2 ** Math.max(0, attemptsMade - 1), 30_000);

/** Retrying cannot fix a malformed job (it fails at once); the reconciler re-creates a good one if needed. */
function parseJob(data: unknown): AttemptJob | null {
  const job = data as Partial<AttemptJob> | null;
  if (!job || typeof job.delivery_id !== 'string' || !Number.isInteger(job.attempt)) return null;
  return { delivery_id: job.delivery_id, attempt: job.attempt as number, ...(typeof job.traceparent === 'string' ? { traceparent: job.traceparent } : {}) };
}

/** Runs attempts from the queue, `concurrency` at a time per process. */
export function startDeliveryWorker(connection: Redis, deps: AttemptDeps, options: WorkerOptions): { close(): Promise<void> } {
  initDeliverySignals();
  return startJobWorker<AttemptJob, AttemptOutcome>(
    {
      name: DELIVERY_QUEUE,
      prefix: options.prefix,
      connection,
      concurrency: options.concurrency,
      lockMs: options.lockMs,
      // Past this a crashing job fails; the reconciler revives it, so nothing is lost.
      maxStalledCount: 3,
      backoff: infrastructureBackoff,
      parse: parseJob,
      log: (line) => console.error(`webhooks: ${line}`),
    },
    async (job) => (await attemptWithSignals(job, () => attemptDelivery(deps, { deliveryId: job.delivery_id, attempt: job.attempt }))).outcome,
  );
}
