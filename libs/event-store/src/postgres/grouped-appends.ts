import { isDatabaseUnavailable } from '@eh/platform';
import type { Pool } from 'pg';
import { appendAndProject, isUniqueViolation, outcomeOfRows, resolveDuplicateIds, type AppendedRow, type AppendOutcome } from './append-to-stream';
import { groupedAppendStatement, noticeChannelOf, rowsByAppend, type StatementAppend } from './grouped-append-statement';

export interface GroupedAppendsOptions {
  notifyChannel: string;
  /** Append statements in flight at once; appends asked for meanwhile go together in the next one. */
  statementsInFlight: number;
  /** The most appends in one statement. */
  maxGroup: number;
}

interface Waiting {
  append: StatementAppend;
  resolve(outcome: AppendOutcome): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; outcome: AppendOutcome } | { ok: false; error: unknown };

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * Group commit. An append that finds fewer than `statementsInFlight` append statements
 * running goes at once, alone, as before; appends that arrive while they run wait and then go
 * together, one statement and one transaction for all of them (groupedAppendStatement). So under
 * light load an append waits for nothing, and under load the statements, round trips and commits per
 * append fall as the load rises: each statement's fixed cost (the client's write, which on
 * loopback runs the server's receive in the writer's system call, the parse, the commit) is shared.
 *
 * Nothing changes for the appends' callers: each learns its own outcome only once its group has
 * committed, a conflict or a retried append is told to it alone, and a group that fails as a whole
 * (an event id already stored, a projection's error, a lock wait past the statement timeout) is
 * run again one append at a time, as if it had never been grouped.
 */
export class GroupedAppends {
  private inFlight = 0;
  private waiting: Waiting[] = [];
  /** The streams of the appends in the statements running now. */
  private readonly streamsInFlight = new Set<string>();

  constructor(
    private readonly pool: Pool,
    private readonly options: GroupedAppendsOptions,
  ) {}

  append(append: StatementAppend): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      this.startStatements();
    });
  }

  private startStatements(): void {
    while (this.inFlight < this.options.statementsInFlight && this.waiting.length > 0) {
      const group = this.takeGroup();
      if (group.length === 0) return;
      this.inFlight += 1;
      void this.outcomes(group.map((waiting) => waiting.append)).then((settled) => {
        // The slot is free before the callers hear: an append one of them makes next goes at once.
        this.inFlight -= 1;
        for (const waiting of group) this.streamsInFlight.delete(waiting.append.streamName);
        this.startStatements();
        settled.forEach((result, index) => (result.ok ? group[index].resolve(result.outcome) : group[index].reject(result.error)));
      });
    }
  }

  /**
   * The next group: the appends waiting longest, at most one per stream and none to a stream
   * a running statement appends to, so an append to a stream goes only once the one asked for
   * before it has committed (it expects what that one wrote). In stream order, so every group
   * takes its stream locks in the same order as any other: two groups never deadlock.
   */
  private takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      const stream = waiting.append.streamName;
      if (group.length < this.options.maxGroup && !this.streamsInFlight.has(stream)) {
        this.streamsInFlight.add(stream);
        group.push(waiting);
      } else {
        later.push(waiting);
      }
    }
    this.waiting = later;
    return group.sort((a, b) => (a.append.streamName < b.append.streamName ? -1 : a.append.streamName > b.append.streamName ? 1 : 0));
  }

  /** Never rejects: each append's outcome or error. */
  private async outcomes(appends: readonly StatementAppend[]): Promise<Settled[]> {
    if (appends.length > 1) {
      const settled = await this.together(appends).catch(() => undefined);
      if (settled) return settled;
    }
    return Promise.all(
      appends.map((append) =>
        this.alone(append).then(
          (outcome): Settled => ({ ok: true, outcome }),
          (error: unknown): Settled => ({ ok: false, error }),
        ),
      ),
    );
  }

  /**
   * The group in one statement; throws when the statement fails. It has then written nothing, or,
   * its connection lost after the commit, everything: run again alone, each append finds its events
   * by their ids and answers as a repeat, never as a second copy.
   */
  private async together(appends: readonly StatementAppend[]): Promise<Settled[]> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const { text, values, named } = groupedAppendStatement(appends, this.options.notifyChannel);
      let rows: (AppendedRow & { append_index: number })[];
      try {
        // A shape past those kept goes unnamed (`name: ''`): prepared, it would hold a plan on every connection.
        ({ rows } = await client.query<AppendedRow & { append_index: number }>(named ? { text, values } : { text, values, name: '' }));
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = toError(err);
        throw err;
      }
      // Committed: from here each append's outcome is its own, conflicts included.
      const byAppend = rowsByAppend(appends.length, rows);
      return await Promise.all(
        appends.map((append, index) =>
          outcomeOfRows(client, append.streamName, append.events, append.expected, byAppend[index]).then(
            (outcome): Settled => ({ ok: true, outcome }),
            (error: unknown): Settled => {
              // A refused append's lookup of its ids uses the same connection: lost, it is not pooled again.
              if (isDatabaseUnavailable(error)) broken ??= toError(error);
              return { ok: false, error };
            },
          ),
        ),
      );
    } finally {
      client.release(broken);
    }
  }

  /** One append in its own statement, the way every append went before grouping. */
  private async alone(append: StatementAppend): Promise<AppendOutcome> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await appendAndProject(client, append.streamName, append.events, append.expected, {
        projections: [],
        writes: append.writes,
        notifyChannel: noticeChannelOf(append, this.options.notifyChannel),
        traceparent: append.traceparent,
      });
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        broken = toError(err);
        throw err;
      }
      if (!isUniqueViolation(err, 'events_event_id_key')) throw err;
      // Committed meanwhile by an identical append to this stream, or a real clash.
      return { kind: 'repeated', result: await resolveDuplicateIds(client, append.streamName, append.events) };
    } finally {
      client.release(broken);
    }
  }
}
