import { DEFAULT_EVENTS_SUBJECT_PREFIX } from '@eh/platform';
import type { JetStreamClient } from 'nats';
import type { Pool } from 'pg';
import type { EventStore, RecordedEvent } from '../event-store.port';
import { abortableDelay, toError } from './abortable-delay';
import { toBusMessage } from './bus-message';
import { eventSubject } from './event-subject';
import { RelayLeaderLock } from './relay-leader-lock';

export interface EventRelayOptions {
  store: EventStore;
  /** Holds `relay_checkpoints` (run `relayMigrations`) and the leader lock. */
  pool: Pool;
  /** A JetStreamClient; only `publish` is used. */
  js: Pick<JetStreamClient, 'publish'>;
  /** Checkpoint and lock name: one active relay per name. */
  name?: string;
  subjectPrefix?: string;
  batchSize?: number;
  /** Upper bound of an idle wait; appends wake the relay sooner (waitForAppend). */
  idleWaitMs?: number;
  /** How often a standby asks for the lock. */
  standbyRetryMs?: number;
  errorBackoffMs?: number;
  onError?: (err: Error) => void;
}

/**
 * Tails the store in commit order and publishes every event to JetStream (DESIGN.md "To NATS").
 * At least once: the checkpoint is saved after the acks, so a relay killed mid-batch publishes
 * part of that batch again; `Nats-Msg-Id` = event id makes the server drop those repeats
 * within the stream's duplicate window.
 */
export class EventRelay {
  readonly name: string;
  private readonly prefix: string;
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  private leading = false;

  constructor(private readonly options: EventRelayOptions) {
    this.name = options.name ?? 'events';
    this.prefix = options.subjectPrefix ?? DEFAULT_EVENTS_SUBJECT_PREFIX;
  }

  /** True while this instance holds the lock and publishes. */
  get active(): boolean {
    return this.leading;
  }

  start(): void {
    if (this.running) return;
    const controller = new AbortController();
    this.controller = controller;
    this.running = this.run(controller.signal);
  }

  /** Finishes the batch in flight (publish, save checkpoint), then releases the lock. */
  async stop(): Promise<void> {
    this.controller?.abort();
    await this.running;
    this.running = undefined;
    this.controller = undefined;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let lock: RelayLeaderLock | undefined;
      try {
        lock = await RelayLeaderLock.tryAcquire(this.options.pool, this.name);
      } catch (err) {
        this.report(err);
      }
      if (!lock) {
        await abortableDelay(this.options.standbyRetryMs ?? 2_000, signal);
        continue;
      }
      this.leading = true;
      try {
        await this.lead(lock, signal);
      } catch (err) {
        this.report(err);
        await abortableDelay(this.options.errorBackoffMs ?? 1_000, signal);
      } finally {
        this.leading = false;
        await lock.release();
      }
    }
  }

  private async lead(lock: RelayLeaderLock, signal: AbortSignal): Promise<void> {
    let checkpoint = await lock.loadCheckpoint(this.name);
    while (!signal.aborted && !lock.lost) {
      try {
        const page = await this.options.store.readAll(checkpoint, this.options.batchSize ?? 100);
        if (page.events.length === 0) {
          await this.options.store.waitForAppend(this.options.idleWaitMs ?? 1_000, signal);
          continue;
        }
        // No abort check inside the batch: stop() lets it finish so its checkpoint is saved.
        for (const event of page.events) await this.publish(event);
        await lock.saveCheckpoint(this.name, page.checkpoint);
        checkpoint = page.checkpoint;
      } catch (err) {
        // The in-memory checkpoint did not move: the next round starts the batch again.
        this.report(err);
        await abortableDelay(this.options.errorBackoffMs ?? 1_000, signal);
      }
    }
  }

  /**
   * One at a time, awaiting each ack: with several in flight a failed publish could leave a
   * later event stored before an earlier one, breaking commit order on the stream.
   */
  private async publish(event: RecordedEvent): Promise<void> {
    await this.options.js.publish(eventSubject(this.prefix, event.streamName), JSON.stringify(toBusMessage(event)), {
      msgID: event.id,
    });
  }

  private report(err: unknown): void {
    const onError = this.options.onError ?? ((e: Error) => console.error(`event relay ${this.name}:`, e));
    onError(toError(err));
  }
}
