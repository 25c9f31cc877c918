import { filterCovers, subjectMatches, type BusDelivery, type Reactor, type ReactorOutcome, type RetiredDurable } from '@eh/event-store';

/** A durable that running reactors replace, as a reactor of its own, and when its drain may end. */
export type ReplacedDurable = Reactor & Pick<RetiredDurable, 'untilFirstOn'>;

export interface ComposedReactors {
  /** One per durable this process consumes: a host carries its riders' handlers. */
  running: Reactor[];
  /** Riders whose own durable is no longer consumed: drained of what it holds, then deleted. */
  retired: Reactor[];
  /** Durables that running reactors `replaces`, as reactors of their own (first successor's handler): drained, then deleted. */
  replaced: ReplacedDurable[];
}

/**
 * A reactor that `ridesOn` a mounted reactor's durable is handled on that durable's
 * deliveries; one whose host is not mounted runs on its own durable, as if it declared none.
 */
export function composeReactors(reactors: readonly Reactor[]): ComposedReactors {
  const mounted = new Map(reactors.map((reactor) => [reactor.durable, reactor]));
  const ridersOf = new Map<string, Reactor[]>();
  const retired: Reactor[] = [];
  for (const reactor of reactors) {
    const host = reactor.ridesOn === undefined ? undefined : mounted.get(reactor.ridesOn);
    if (!host || host.ridesOn !== undefined) continue;
    // A failure of the host redelivers the event to the rider too: it must be able to run again.
    if (reactor.rerunnable !== true) throw new Error(`${reactor.durable} rides on ${host.durable} but is not rerunnable`);
    if (!filterCovers(host.subjects, reactor.subjects))
      throw new Error(`${reactor.durable} rides on ${host.durable}, whose subject ${host.subjects} does not take all of its own (${reactor.subjects})`);
    ridersOf.set(host.durable, [...(ridersOf.get(host.durable) ?? []), reactor]);
    retired.push(reactor);
  }
  const running = reactors.filter((reactor) => !retired.includes(reactor)).map((reactor) => withRiders(reactor, ridersOf.get(reactor.durable) ?? []));
  return { running, retired, replaced: replacedDurables(running) };
}

/**
 * Each durable that reactors declare they `replaces`, once, drained with the first
 * successor's handler on the retired durable's own subject. Events before the successors began
 * are handled there, some also by a successor: the handler must be able to run again.
 */
function replacedDurables(running: readonly Reactor[]): ReplacedDurable[] {
  const byDurable = new Map<string, ReplacedDurable>();
  for (const successor of running) {
    for (const retired of successor.replaces ?? []) {
      if (byDurable.has(retired.durable)) continue;
      if (successor.rerunnable !== true) throw new Error(`${successor.durable} replaces ${retired.durable} but is not rerunnable`);
      byDurable.set(retired.durable, {
        ...successor,
        durable: retired.durable,
        subjects: retired.subjects,
        untilFirstOn: retired.untilFirstOn,
        pullers: 1,
        concurrency: 1,
        replaces: undefined,
        ridesOn: undefined,
      });
    }
  }
  return [...byDurable.values()];
}

/**
 * Whether a reactor sharing `host`'s durable is to handle this delivery: one on a narrower
 * subject than the host's only when the message came on its own (a delivery that does not say,
 * which the durable's consumer never makes, is not its own).
 */
function takes(host: Reactor, reactor: Reactor, event: Parameters<Reactor['handle']>[0], delivery: BusDelivery | undefined): boolean {
  // The subject first: on its own durable a rider's `accepts` never sees what its subject leaves out.
  const onItsSubject = reactor.subjects === host.subjects || (delivery?.subject !== undefined && subjectMatches(reactor.subjects, delivery.subject));
  return onItsSubject && (reactor.accepts === undefined || reactor.accepts(event));
}

/**
 * The host's and the riders' handlers run side by side on each event: a slow rider holds the
 * event's ack, not the host's step. Any failure fails the whole delivery, which is redelivered
 * to all of them (riders are rerunnable); a host that is not keeps its `processed_events` row,
 * written once all succeeded.
 */
function withRiders(host: Reactor, riders: readonly Reactor[]): Reactor {
  if (riders.length === 0) return host;
  const all = [host, ...riders];
  const acceptors = all.map((reactor) => reactor.accepts);
  return {
    ...host,
    accepts: acceptors.every((accepts) => accepts !== undefined) ? (event) => acceptors.some((accepts) => accepts?.(event)) : undefined,
    handle: async (event, delivery) => {
      const outcomes = await Promise.allSettled(
        all.map((reactor) => (takes(host, reactor, event, delivery) ? reactor.handle(event, delivery) : 'nothing_done')),
      );
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const values = outcomes.map((outcome) => (outcome as PromiseFulfilledResult<ReactorOutcome>).value);
      return values.every((value) => value === 'nothing_done') ? 'nothing_done' : undefined;
    },
  };
}
