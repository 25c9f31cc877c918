import { DomainError } from '../errors';

/** How a decider met a command: `accepted`, the DomainError's code (and field), or `other` for any other throw. */
export interface Outcome {
  code: string;
  field?: string;
}

/**
 * A decider spec's script: `run` decides the commands in order, each on the fold of the events
 * before it, and returns every event; `refusal` and `refused` say how the decider met one more
 * command after such a history.
 */
export function deciderScript<Command, Event, State>(decide: (command: Command, state: State) => Event[], fold: (events: Event[]) => State) {
  const run = (commands: readonly Command[]): Event[] => {
    const events: Event[] = [];
    for (const command of commands) events.push(...decide(command, fold(events)));
    return events;
  };
  const refusal = (history: readonly Command[], command: Command): Outcome => {
    try {
      decide(command, fold(run(history)));
      return { code: 'accepted' };
    } catch (error) {
      return error instanceof DomainError ? { code: error.code, field: error.field } : { code: 'other' };
    }
  };
  const refused = (history: readonly Command[], command: Command): string => refusal(history, command).code;
  return { run, refusal, refused };
}
