import { MEMBER_EVENT_TYPES, OPERATOR_EVENT_TYPES, type MemberEvent, type OperatorEvent, unhandled } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
import type { SqlClient } from '@eh/platform';

/** Inline: a member can sign in the moment they joined, and loses access the moment they are removed. */
export const membersViewProjection = eventProjection<MemberEvent>({
  name: 'members_view',
  handles: MEMBER_EVENT_TYPES,
  tables: ['members_view', 'member_invitations_view'],
  apply: applyMemberEvent,
});

export const operatorsViewProjection = eventProjection<OperatorEvent>({
  name: 'operators_view',
  handles: OPERATOR_EVENT_TYPES,
  tables: ['operators_view', 'operator_invitations_view'],
  apply: applyOperatorEvent,
});

async function applyMemberEvent(event: MemberEvent, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'member.invited': {
      const d = event.data;
      await tx.query(
        `INSERT INTO member_invitations_view (invitation_id, workspace_id, email, role, token_sha256, expires_at, status, invited_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7) ON CONFLICT (invitation_id) DO NOTHING`,
        [d.invitation_id, d.workspace_id, d.email, d.role, d.token_sha256, d.expires_at, d.invited_at],
      );
      return;
    }
    case 'member.invitation_revoked':
      await tx.query(`UPDATE member_invitations_view SET status = 'revoked' WHERE invitation_id = $1`, [event.data.invitation_id]);
      return;
    case 'member.joined': {
      const d = event.data;
      await tx.query(`UPDATE member_invitations_view SET status = 'accepted' WHERE invitation_id = $1`, [d.invitation_id]);
      await tx.query(
        `INSERT INTO members_view (member_id, workspace_id, email, name, role, password_id, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (member_id) DO NOTHING`,
        [d.member_id, d.workspace_id, d.email, d.name, d.role, d.password_id, d.joined_at],
      );
      return;
    }
    case 'member.role_changed':
      await tx.query('UPDATE members_view SET role = $2 WHERE member_id = $1', [event.data.member_id, event.data.role]);
      return;
    case 'member.removed':
      await tx.query('UPDATE members_view SET removed_at = $2 WHERE member_id = $1', [event.data.member_id, event.data.removed_at]);
      return;
    default:
      return unhandled('member event', event);
  }
}

async function applyOperatorEvent(event: OperatorEvent, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'operator.invited': {
      const d = event.data;
      // A new link replaces the password (the decider's rule) and brings a removed operator back.
      await tx.query(
        `INSERT INTO operators_view (operator_id, email, name) VALUES ($1, $2, $3)
         ON CONFLICT (operator_id) DO UPDATE SET name = EXCLUDED.name, password_id = NULL, removed_at = NULL`,
        [d.operator_id, d.email, d.name],
      );
      // One usable link per operator: a newer one replaces any open one.
      await tx.query(`UPDATE operator_invitations_view SET status = 'replaced' WHERE operator_id = $1 AND status = 'open'`, [d.operator_id]);
      await tx.query(
        `INSERT INTO operator_invitations_view (invitation_id, operator_id, token_sha256, expires_at, status) VALUES ($1, $2, $3, $4, 'open') ON CONFLICT (invitation_id) DO NOTHING`,
        [d.invitation_id, d.operator_id, d.token_sha256, d.expires_at],
      );
      return;
    }
    case 'operator.joined': {
      const d = event.data;
      await tx.query(`UPDATE operator_invitations_view SET status = 'accepted' WHERE invitation_id = $1`, [d.invitation_id]);
      await tx.query('UPDATE operators_view SET name = $2, password_id = $3, joined_at = $4 WHERE operator_id = $1', [
        d.operator_id,
        d.name,
        d.password_id,
        d.joined_at,
      ]);
      return;
    }
    case 'operator.removed': {
      const d = event.data;
      await tx.query(`UPDATE operator_invitations_view SET status = 'revoked' WHERE operator_id = $1 AND status = 'open'`, [d.operator_id]);
      await tx.query('UPDATE operators_view SET password_id = NULL, removed_at = $2 WHERE operator_id = $1', [d.operator_id, d.removed_at]);
      return;
    }
    default:
      return unhandled('operator event', event);
  }
}
