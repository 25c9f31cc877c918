/** Port: run attempt `attempt` of a delivery at `dueAt` (a BullMQ delayed job in production: adapters/delivery-queue.ts). */
export interface AttemptScheduler {
  enqueue(deliveryId: string, attempt: number, dueAt: Date): Promise<void>;
  /** A scheduled attempt made due now (retry now): its delayed job promoted, or added due now if lost. */
  bringForward(deliveryId: string, attempt: number): Promise<unknown>;
}

/** The reconciler's side of the same queue: make sure a pending attempt's job exists. */
export interface AttemptQueue extends Pick<AttemptScheduler, 'enqueue'> {
  ensure(deliveryId: string, attempt: number, dueAt: Date): Promise<'added' | 'present' | 'revived'>;
}
