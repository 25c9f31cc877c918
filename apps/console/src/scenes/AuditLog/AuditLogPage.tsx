import { useState } from 'react';
import { useAuditLog } from '../../api/workspace-queries';
import type { AuditEntry, Mode } from '../../api/dashboard-types';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';

/** Each action in words; the code stays beside it for whoever searches the API. */
export const ACTIONS: Record<string, string> = {
  'workspace.created': 'Workspace created',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook_endpoint.created': 'Endpoint added',
  'webhook_endpoint.updated': 'Endpoint changed',
  'webhook_endpoint.deleted': 'Endpoint deleted',
  'webhook_endpoint.secret_rotated': 'Endpoint secret rotated',
  'webhook_signing_secret.revealed': 'Signing secret revealed',
  'webhook_signing_secret.rotated': 'Signing secret rotated',
  'member.invited': 'Member invited',
  'member.invitation_revoked': 'Invitation revoked',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
  'plan.changed': 'Plan changed',
  'credits.granted': 'Credits granted',
  'limit_request.created': 'Higher limit requested',
  'limit_request.resolved': 'Limit request answered',
  'webhook_replay.requested': 'Dead letters replayed',
};

const ACTOR: Record<AuditEntry['actor']['kind'], string> = {
  member: 'Member',
  operator: 'Operator',
  admin: 'Operations (admin key)',
  api_key: 'API key',
  system: 'The service',
};

/** Every change to keys, endpoints, members and the plan (owners only), newest first; both modes. */
export default function AuditLogPage(_: { mode: Mode }) {
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  const items = log.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page title="Audit log" lead={<p>Who changed what in this workspace, in both modes, newest first. Entries cannot be edited or removed.</p>}>
      <div className="toolbar">
        <span className="inline-field">
          <label htmlFor="audit-action">Action</label>
          <select id="audit-action" value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">Every action</option>
            {Object.entries(ACTIONS).map(([code, text]) => (
              <option key={code} value={code}>
                {text}
              </option>
            ))}
          </select>
        </span>
      </div>
      <QueryStates query={log} what="the audit log" />
      {log.isSuccess && items.length === 0 && (
        <EmptyState title={action ? 'Nothing of this kind yet.' : 'Nothing recorded yet.'}>
          <p>Changes to keys, endpoints, members and the plan are listed here as they happen.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <DataTable label="Audit log" caption="Audit log, newest first" columns={['When', 'What', 'Who', 'On', 'Mode']}>
          {items.map((entry) => (
            <tr key={entry.id} data-action={entry.action}>
              <td>
                <When iso={entry.occurred_at} />
              </td>
              <td>
                {ACTIONS[entry.action] ?? entry.action}
                <br />
                <code className="small">{entry.action}</code>
              </td>
              <td className="wrap">
                {entry.actor.label}
                <br />
                <span className="muted small">{ACTOR[entry.actor.kind] ?? entry.actor.kind}</span>
              </td>
              <td className="wrap">
                {entry.target.label ?? entry.target.kind.replace(/_/g, ' ')}
                <br />
                <code className="small">{entry.target.id}</code>
              </td>
              <td>{entry.mode ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore hasMore={log.hasNextPage} loading={log.isFetchingNextPage} onMore={() => void log.fetchNextPage()} what="entries" />
    </Page>
  );
}
