/**
 * given(events) / when(command) / then(events | throws code): the shape of Emmett's
 * DeciderSpecification, over our decide and fold.
 */
import { DomainError } from '@eh/contracts';
import type { DeploymentEvent, ErrorCode } from '@eh/contracts';
import type { DeploymentCommand } from '../deployment.commands';
import { decide } from '../deployment.decider';
import { foldDeployment } from '../deployment.evolve';

export function given(history: readonly DeploymentEvent[]) {
  return {
    when(command: DeploymentCommand) {
      const run = (): DeploymentEvent[] => decide(command, foldDeployment(history));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then reads as the test's sentence; the object is never awaited
        then(expected: DeploymentEvent[]): void {
          expect(run()).toStrictEqual(expected);
        },
        thenThrows(code: ErrorCode): DomainError {
          const error = thrownBy(run);
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          return error as DomainError;
        },
      };
    },
  };
}

/** What `run` threw; a refused command must throw, so producing events fails the test. */
export function thrownBy(run: () => unknown): unknown {
  let produced: unknown;
  try {
    produced = run();
  } catch (error) {
    return error;
  }
  throw new Error(`expected a DomainError, got ${JSON.stringify(produced)}`);
}
