/**
 * Operations' own people, each on `operator-<op_id>`: invited by email with the admin
 * credential or the ops CLI (a one-time link that expires), they join by choosing a password and
 * then use the admin API from the console. A newer invitation replaces an open one and the password:
 * it is also the password reset, so the old password stops working the moment it is issued.
 * Removal offboards: no password, no open invitation; an invitation later brings them back. Pure.
 */
import { DomainError, type OperatorEvent, type Decider, unhandled } from '@eh/contracts';

export interface OperatorInvitation {
  invitation_id: string;
  token_sha256: string;
  expires_at: string;
}

export type OperatorState =
  | { status: 'none' }
  | { status: 'known'; operator_id: string; email: string; name: string; password_id: string | null; invitation: OperatorInvitation | null; removed: boolean };

export type OperatorCommand =
  | { type: 'invite'; operator_id: string; invitation_id: string; email: string; name: string; token_sha256: string; expires_at: string; now: string }
  | { type: 'accept'; token_sha256: string; name: string; password_id: string; now: string }
  | { type: 'remove'; now: string };

export const initialOperatorState: OperatorState = Object.freeze({ status: 'none' });

export function evolveOperator(state: OperatorState, event: OperatorEvent): OperatorState {
  switch (event.type) {
    case 'operator.invited': {
      const { operator_id, invitation_id, email, name, token_sha256, expires_at } = event.data;
      const invitation = { invitation_id, token_sha256, expires_at };
      // A new link replaces the password: whoever held it (or stole it) is out until the link is used.
      return state.status === 'known'
        ? { ...state, name, invitation, password_id: null, removed: false }
        : { status: 'known', operator_id, email, name, password_id: null, invitation, removed: false };
    }
    case 'operator.joined':
      return state.status === 'known' ? { ...state, name: event.data.name, password_id: event.data.password_id, invitation: null } : state;
    case 'operator.removed':
      return state.status === 'known' ? { ...state, password_id: null, invitation: null, removed: true } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

export function decideOperator(command: OperatorCommand, state: OperatorState): OperatorEvent[] {
  switch (command.type) {
    case 'invite': {
      if (state.status === 'known' && state.email !== command.email)
        throw new DomainError('invalid_request', `operator ${state.operator_id} signs in as ${state.email}`, 'email');
      if (Date.parse(command.expires_at) <= Date.parse(command.now))
        throw new DomainError('invalid_request', 'an invitation must expire after it is issued', 'expires_at');
      const operatorId = state.status === 'known' ? state.operator_id : command.operator_id;
      const { invitation_id, email, name, token_sha256, expires_at, now } = command;
      return [{ type: 'operator.invited', data: { operator_id: operatorId, invitation_id, email, name, token_sha256, expires_at, invited_at: now } }];
    }
    case 'accept': {
      const invitation = state.status === 'known' ? state.invitation : null;
      if (state.status !== 'known' || !invitation || invitation.token_sha256 !== command.token_sha256)
        throw new DomainError('not_found', 'no open invitation with this token', 'token');
      if (Date.parse(invitation.expires_at) <= Date.parse(command.now))
        throw new DomainError('not_found', 'no open invitation with this token (it expired)', 'token');
      return [
        {
          type: 'operator.joined',
          data: {
            operator_id: state.operator_id,
            invitation_id: invitation.invitation_id,
            name: command.name,
            password_id: command.password_id,
            joined_at: command.now,
          },
        },
      ];
    }
    case 'remove': {
      if (state.status !== 'known') throw new DomainError('not_found', 'no such operator', 'id');
      if (state.removed) return [];
      return [{ type: 'operator.removed', data: { operator_id: state.operator_id, removed_at: command.now } }];
    }
    default:
      return unhandled('operator command', command);
  }
}

export const foldOperator = (events: readonly OperatorEvent[]): OperatorState => events.reduce(evolveOperator, initialOperatorState);

export const operatorDecider: Decider<OperatorCommand, OperatorEvent, OperatorState> = {
  initialState: initialOperatorState,
  evolve: evolveOperator,
  decide: decideOperator,
};
