import { DomainError } from '@eh/contracts';

/**
 * Why a delivery command was refused. The code is the stable `invalid_state_transition`
 * (HTTP 409 at the edge); `reason` tells operations and tests which rule said no.
 */
export type DeliveryRefusal =
  | 'already_scheduled'
  | 'not_scheduled'
  | 'delivery_finished'
  | 'stale_attempt'
  | 'not_dead_lettered'
  | 'delivery_pending'
  | 'nothing_scheduled';

export class DeliveryTransitionError extends DomainError {
  constructor(
    readonly reason: DeliveryRefusal,
    message: string,
  ) {
    super('invalid_state_transition', message);
    this.name = 'DeliveryTransitionError';
  }
}
