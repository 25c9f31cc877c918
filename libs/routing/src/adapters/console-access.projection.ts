import { type ExpertInvitationAccepted, type ExpertInvited, type ExpertPasswordSet, unhandled } from '@eh/contracts';
import type { SqlClient } from '@eh/platform';

/**
 * Inline with the roster view: an invitation link works, and a set password signs in,
 * the moment the command returns. `expert_invitations_view` finds an invitation by its token's
 * hash; `expert_console_accounts_view` finds an expert by sign-in email.
 */
export async function applyConsoleAccess(event: ExpertInvited | ExpertInvitationAccepted | ExpertPasswordSet, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'expert.invited': {
      const d = event.data;
      // One open invitation per expert (the decider's rule): the newer one replaces the older.
      await tx.query(`UPDATE expert_invitations_view SET status = 'replaced' WHERE expert_id = $1 AND status = 'open'`, [d.expert_id]);
      await tx.query(
        `INSERT INTO expert_invitations_view (invitation_id, expert_id, email, token_sha256, status, invited_at, expires_at)
         VALUES ($1, $2, $3, $4, 'open', $5, $6) ON CONFLICT (invitation_id) DO NOTHING`,
        [d.invitation_id, d.expert_id, d.email, d.token_sha256, d.invited_at, d.expires_at],
      );
      return;
    }
    case 'expert.invitation_accepted': {
      const d = event.data;
      await tx.query(`UPDATE expert_invitations_view SET status = 'accepted' WHERE invitation_id = $1`, [d.invitation_id]);
      await tx.query(
        `INSERT INTO expert_console_accounts_view (expert_id, email, password_id, updated_at) VALUES ($1, $2, NULL, $3)
         ON CONFLICT (expert_id) DO UPDATE SET email = EXCLUDED.email, updated_at = EXCLUDED.updated_at`,
        [d.expert_id, d.email, d.accepted_at],
      );
      return;
    }
    case 'expert.password_set':
      await tx.query('UPDATE expert_console_accounts_view SET password_id = $2, updated_at = $3 WHERE expert_id = $1', [
        event.data.expert_id,
        event.data.password_id,
        event.data.set_at,
      ]);
      return;
    default:
      return unhandled('console access event', event);
  }
}
