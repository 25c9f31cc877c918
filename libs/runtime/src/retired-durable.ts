import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamEventConsumer, type JetStreamEventConsumerOptions, type Reactor } from '@eh/event-store';
import { isConsumerNotFound } from '@eh/platform';
import type { MsgRequest } from 'nats';

export interface RetiredDurableOptions extends Omit<JetStreamEventConsumerOptions, 'streamName'> {
  streamName: string;
  subjectPrefix: string;
  /** What now consumes the durable's events, for the log line once it is deleted. */
  successor: string;
  /** RetiredDurable.untilFirstOn: the drain ends only past the first message on this subject (under the prefix) stored after it began. */
  untilFirstOn?: string;
  /** How often the durable's progress is read. */
  checkEveryMs?: number;
  log?: (line: string) => void;
}

/**
 * A reactor that now rides on another's durable leaves its own behind, and that one may
 * still hold events its host took before this process started (a version that ran both had
 * acked them on the host only). The rider handles them there until everything the stream held
 * when the drain began is acknowledged (or nothing is left at all), then the durable is deleted;
 * with `untilFirstOn`, until everything before the first message on that subject stored since.
 * Every replica drains; deleting twice is harmless, and a durable already gone is not created again.
 */
export class RetiredDurableDrain {
  private readonly stopping = new AbortController();
  private running: Promise<void> | undefined;

  constructor(
    private readonly rider: Reactor,
    private readonly options: RetiredDurableOptions,
  ) {}

  /** Starts draining in the background; resolves at once. */
  start(): void {
    this.running ??= this.drainUntilDone();
  }

  /** Resolves when the drain finished: the durable deleted, or stop() called. */
  finished(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** A failure (NATS restarting) is reported and the drain tried again: a durable left behind would hold its events forever. */
  private async drainUntilDone(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        await this.drain();
        return;
      } catch (error) {
        this.options.onError?.(error instanceof Error ? error : new Error(String(error)), undefined);
        await sleep(5 * (this.options.checkEveryMs ?? 2_000), undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }

  private async drain(): Promise<void> {
    const { jsm, streamName } = this.options;
    const durable = this.rider.durable;
    const heldAtStart = (await jsm.streams.info(streamName)).state.last_seq;
    // Where the successors' events begin: known now, or once the first message on `untilFirstOn` is stored.
    let drainTo: number | undefined = this.options.untilFirstOn === undefined ? heldAtStart : undefined;
    const consumer = new JetStreamEventConsumer(this.options);
    try {
      const started = await consumer.start({
        durableName: durable,
        filterSubject: `${this.options.subjectPrefix}.${this.rider.subjects}`,
        handler: this.rider.handle,
        accepts: this.rider.accepts,
        rerunnable: this.rider.rerunnable,
        existingOnly: true,
      });
      if (!started) return;
      while (!this.stopping.signal.aborted) {
        await sleep(this.options.checkEveryMs ?? 2_000, undefined, { signal: this.stopping.signal }).catch(() => undefined);
        if (this.stopping.signal.aborted) return;
        drainTo ??= await this.firstStoredOn(`${this.options.subjectPrefix}.${this.options.untilFirstOn}`, heldAtStart + 1);
        if (drainTo === undefined) continue;
        const info = await jsm.consumers.info(streamName, durable);
        const nothingLeft = info.num_pending === 0 && info.num_ack_pending === 0;
        if (nothingLeft || info.ack_floor.stream_seq >= drainTo) break;
      }
      // Stopped before the durable was drained (even while still starting): it stays for the next start.
      if (this.stopping.signal.aborted) return;
      await consumer.stop();
      await jsm.consumers.delete(streamName, durable);
      (this.options.log ?? console.error)(`retired durable ${durable} drained and deleted; its events now come through ${this.options.successor}`);
    } catch (error) {
      // Another replica finished first.
      if (!isConsumerNotFound(error)) throw error;
    } finally {
      await consumer.stop();
    }
  }

  /** The stream sequence of the first message on `subject` from `fromSeq` on; undefined while there is none. */
  private async firstStoredOn(subject: string, fromSeq: number): Promise<number | undefined> {
    try {
      // The server's STREAM.MSG.GET takes `next_by_subj` (nats-server 2.9); nats.js types it for direct gets only.
      const message = await this.options.jsm.streams.getMessage(this.options.streamName, { seq: fromSeq, next_by_subj: subject } as unknown as MsgRequest);
      return message.seq;
    } catch (error) {
      if (isNoMessageFound(error)) return undefined;
      throw error;
    }
  }
}

const isNoMessageFound = (error: unknown): boolean => error instanceof Error && /no message found/i.test(error.message);
