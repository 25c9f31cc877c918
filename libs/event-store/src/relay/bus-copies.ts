import type { SqlClient } from '@eh/platform';
import type { RecordedEvent } from '../event-store.port';
import type { BusBundle } from './bus-bundles';

/**
 * Some events go out a second time, on `<prefix>.<token>.<subject>`, so a consumer that
 * acts on only a few of a category's events filters on that subject and is sent nothing else.
 * A copy, not a subject of their own: nats-server 2.9 takes one filter subject per consumer, and
 * the consumers of the whole category (`<category>.>`, `<category>.*`) must keep matching them.
 * Declared by the context whose consumer reads the copies.
 */
export interface BusCopy {
  /** The copies' first subject token after the prefix: one subject token. */
  token: string;
  /**
   * A selector for one leadership, started from what is stored now (read models); the relay then
   * shows it every event it reads after its checkpoint, in commit order. Started again after a
   * failed publish, whose events are read twice.
   */
  start(): Promise<CopySelector>;
}

export interface CopySelector {
  /**
   * Whether the event goes out on the copy's subject too; told every event once, in commit order,
   * each before the relay publishes it. A wrong yes costs a message; a wrong no loses the event
   * for the copy's consumer, so an answer it cannot be sure of is yes. Throws nothing.
   */
  copies(event: RecordedEvent): boolean;
  /**
   * A name for what the selector has folded that its consumer may also read from the store (the
   * endpoints, for the fan-out): it differs whenever that changed, across leaderships too. Each
   * copy carries it (COPY_STAMP_HEADER, BusDelivery.copyStamp), so the consumer can keep what it
   * read for one copy and use it for every later one with the same stamp: each was published
   * after everything that stamp names committed.
   */
  stamp?(): string;
}

/**
 * A copy as a context module declares it (`static busCopies`, beside its projections): made from
 * the database the relay reads, so the relay runs every declared copy without naming a context.
 */
export type BusCopyDeclaration = (sql: SqlClient) => BusCopy;

/** The header that carries a copy's stamp (CopySelector.stamp). */
export const COPY_STAMP_HEADER = 'Eh-Copy-Stamp';

/** The suffix of a copy's `Nats-Msg-Id`: deterministic, as the original's, so a republished copy is dropped as a duplicate too. */
export function copyMessageId(msgId: string, token: string): string {
  return `${msgId}@${token}`;
}

/** What a selector said of one event: whether it is copied, and, if so, its stamp then. */
export interface CopyAnswer {
  copied: boolean;
  stamp: string | undefined;
}

/**
 * The copy of a bundle, when the selector took any of its events (a bundle is one stream's, and
 * the selectors decide a stream's events alike), with the stamp of the first it took.
 */
export function copyOfBundle(bundle: BusBundle, prefix: string, token: string, answers: ReadonlyMap<RecordedEvent, CopyAnswer>): BusBundle | undefined {
  const taken = bundle.events.map((event) => answers.get(event)).find((answer) => answer?.copied);
  if (!taken) return undefined;
  const subject = `${prefix}.${token}${bundle.subject.slice(prefix.length)}`;
  return { ...bundle, subject, msgId: copyMessageId(bundle.msgId, token), copy: { token, stamp: taken.stamp } };
}
