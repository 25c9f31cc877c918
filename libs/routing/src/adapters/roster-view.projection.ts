import { type ExpertEvent, type ExpertProfile, unhandled } from '@eh/contracts';
import { eventProjection } from '@eh/event-store';
import { moveChangeMark, type SqlClient } from '@eh/platform';

/**
 * The change mark moved when what an expert's credential authenticates as changes: a
 * retirement ends it, a new name or role changes what the gateway attaches to each request.
 */
export const EXPERT_CREDENTIALS_MARK = 'expert_credentials';
import { applyConsoleAccess } from './console-access.projection';

export const EXPERT_EVENT_TYPES = [
  'expert.registered',
  'expert.updated',
  'expert.availability_changed',
  'expert.retired',
  'expert.invited',
  'expert.invitation_accepted',
  'expert.password_set',
] as const satisfies readonly ExpertEvent['type'][];

/** Column for each changeable profile field (the event carries only what changed). */
const COLUMNS: Record<keyof ExpertProfile, string> = {
  name: 'name',
  role: 'role',
  skills: 'skills',
  tenure_years: 'tenure_years',
  median_turnaround_minutes: 'median_turnaround_minutes',
  rate_credits_per_hour: 'rate_credits_per_hour',
};

/**
 * The roster read model, inline so a registered expert's credential works, and a retired one's
 * stops, the moment the command returns (like API keys in workspaces_view).
 */
export const rosterViewProjection = eventProjection<ExpertEvent>({
  name: 'experts_view',
  handles: EXPERT_EVENT_TYPES,
  tables: ['experts_view', 'expert_invitations_view', 'expert_console_accounts_view'],
  apply: applyOne,
});

async function applyOne(event: ExpertEvent, tx: SqlClient): Promise<void> {
  switch (event.type) {
    case 'expert.registered': {
      const d = event.data;
      await tx.query(
        `INSERT INTO experts_view (id, name, role, skills, tenure_years, median_turnaround_minutes, availability,
           rate_credits_per_hour, retired, credential_hash, credential_last4, registered_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, $9, $10, $11, $11) ON CONFLICT (id) DO NOTHING`,
        [
          d.expert_id,
          d.name,
          d.role,
          d.skills,
          d.tenure_years,
          d.median_turnaround_minutes,
          d.availability,
          d.rate_credits_per_hour,
          d.credential_hash,
          d.credential_last4,
          d.registered_at,
        ],
      );
      return;
    }
    case 'expert.updated': {
      const fields = Object.entries(event.data.changes).filter(([field]) => field in COLUMNS);
      const sets = fields.map(([field], index) => `${COLUMNS[field as keyof ExpertProfile]} = $${index + 3}`);
      await tx.query(`UPDATE experts_view SET updated_at = $2${sets.map((set) => `, ${set}`).join('')} WHERE id = $1`, [
        event.data.expert_id,
        event.data.updated_at,
        ...fields.map(([, value]) => value),
      ]);
      if (fields.some(([field]) => field === 'name' || field === 'role')) await moveChangeMark(tx, EXPERT_CREDENTIALS_MARK);
      return;
    }
    case 'expert.availability_changed':
      await tx.query('UPDATE experts_view SET availability = $2, available_until = $4, updated_at = $3 WHERE id = $1', [
        event.data.expert_id,
        event.data.availability,
        event.data.changed_at,
        event.data.available_until ?? null,
      ]);
      return;
    // The lapse count lives in the expert's stream only: nothing to show or match on.
    case 'expert.offer_lapsed':
    case 'expert.lapses_cleared':
      return;
    case 'expert.retired':
      // The credential goes with the retirement: a retired expert can no longer sign in.
      await tx.query('UPDATE experts_view SET retired = true, credential_hash = NULL, updated_at = $2 WHERE id = $1', [
        event.data.expert_id,
        event.data.retired_at,
      ]);
      await moveChangeMark(tx, EXPERT_CREDENTIALS_MARK);
      // So does console access: open invitations close and the sign-in email is freed.
      await tx.query(`UPDATE expert_invitations_view SET status = 'revoked' WHERE expert_id = $1 AND status = 'open'`, [event.data.expert_id]);
      await tx.query('DELETE FROM expert_console_accounts_view WHERE expert_id = $1', [event.data.expert_id]);
      return;
    case 'expert.invited':
    case 'expert.invitation_accepted':
    case 'expert.password_set':
      await applyConsoleAccess(event, tx);
      return;
    default:
      return unhandled('expert event', event);
  }
}
