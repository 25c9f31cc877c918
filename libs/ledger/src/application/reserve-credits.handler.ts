import { DomainError, type ReserveCreditsReply, type ReserveCreditsRequest } from '@eh/contracts';
import { creditsRemaining } from '../domain/account.state';
import type { AccountRunner } from './account-runner';

export interface ReserveOptions {
  now: Date;
  /** The orphan deadline: how long the gateway has to append `deployment.created`. */
  ttlSeconds: number;
}

/**
 * The ledger's answer to the gateway's reserve. Idempotent per
 * deployment: a repeated request gets the reservation already held, never a second one.
 */
export async function reserveCredits(run: AccountRunner, request: ReserveCreditsRequest, options: ReserveOptions): Promise<ReserveCreditsReply> {
  const now = options.now.toISOString();
  const result = await run(
    {
      type: 'reserve',
      workspaceId: request.workspace_id,
      deploymentId: request.deployment_id,
      amount: request.amount,
      expiresAt: new Date(options.now.getTime() + options.ttlSeconds * 1000).toISOString(),
      now,
    },
    { correlationId: request.request_id, causationId: null },
  );
  const account = result.state;
  const reservation = account.status === 'open' ? account.reservations[request.deployment_id] : undefined;
  // Unreachable when the decider accepted the reserve; kept so a bug cannot answer "reserved" for nothing.
  if (account.status !== 'open' || !reservation) throw new DomainError('internal_error', `no reservation held for ${request.deployment_id}`);
  return {
    deployment_id: reservation.deploymentId,
    amount: reservation.amount,
    expires_at: reservation.expiresAt,
    credits_remaining: creditsRemaining(account),
  };
}
