import { useState } from 'react';
import { describeError } from '../../api/api-error';
import type { AdminDelivery } from '../../api/dashboard-types';
import { useAdminBulkReplay, useAdminDeadLetters, useAdminReplay, useWorkspaces } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { opsPath } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { attemptOutcome, DeliveryStatusBadge } from '../../common/DeliveryStatus/DeliveryStatus';
import { plural } from '../../common/format';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';

/** Dead letters of every workspace: replay one, or all (of one workspace or everywhere). */
export default function OpsDeadLettersPage() {
  const [workspaceId, setWorkspaceId] = useState('');
  const workspaces = useWorkspaces();
  const list = useAdminDeadLetters(workspaceId);
  const bulk = useAdminBulkReplay();
  const announce = useAnnounce();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const names = new Map((workspaces.data?.pages.flatMap((page) => page.data) ?? []).map((workspace) => [workspace.id, workspace.name]));
  const scope = workspaceId ? `of ${names.get(workspaceId) ?? workspaceId}` : 'of every workspace';
  return (
    <Page title="Dead letters" lead={<p>Deliveries that failed every attempt, across every workspace, newest first. A replay keeps each delivery's id.</p>}>
      <div className="toolbar">
        <span className="inline-field">
          <label htmlFor="ops-dead-workspace">Workspace</label>
          <select id="ops-dead-workspace" value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)}>
            <option value="">Every workspace</option>
            {[...names].map(([id, name]) => (
              <option key={id} value={id}>
                {name} ({id})
              </option>
            ))}
          </select>
        </span>
        <ConfirmButton
          label={bulk.isPending ? 'Replaying…' : `Replay all ${scope}`}
          title={`Replay every dead letter ${scope}?`}
          confirmLabel="Replay them all"
          danger={false}
          disabled={bulk.isPending || items.length === 0}
          onConfirm={() =>
            bulk.mutate(workspaceId ? { workspace_id: workspaceId } : {}, {
              onSuccess: (result) =>
                announce(
                  `Replayed ${result.replayed} of ${plural(result.matched, 'dead letter')}${result.skipped ? ` (${result.skipped} skipped: no longer dead letters)` : ''}.`,
                ),
              onError: (failure) => announce(`Replay failed: ${describeError(failure)}`, 'error'),
            })
          }
        >
          <p>Each is sent again, oldest first, with its original Service-Delivery id and the full retry schedule.</p>
        </ConfirmButton>
      </div>
      {bulk.isPending && (
        <p role="status" className="bulk-replay__progress">
          <progress aria-label="Replay progress" /> Replaying {scope}…
        </p>
      )}
      {bulk.data && !bulk.isPending && (
        <p className="callout" role="status">
          Last replay: {bulk.data.replayed} of {plural(bulk.data.matched, 'dead letter')} sent again{bulk.data.skipped ? `, ${bulk.data.skipped} skipped` : ''}.
        </p>
      )}
      <QueryStates query={list} what="dead letters" />
      {list.isSuccess && items.length === 0 && (
        <EmptyState title="No dead letters.">
          <p>Every delivery succeeded, got a final answer, or is still being retried.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <DataTable label="Dead letters" columns={['Workspace', 'Event', 'Sent to', 'Last attempt', 'Created']} actions>
          {items.map((delivery) => (
            <Row key={delivery.id} delivery={delivery} workspace={names.get(delivery.workspace_id) ?? delivery.workspace_id} />
          ))}
        </DataTable>
      )}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="dead letters" />
    </Page>
  );
}

function Row({ delivery, workspace }: { delivery: AdminDelivery; workspace: string }) {
  const replay = useAdminReplay();
  const announce = useAnnounce();
  return (
    <tr data-delivery-id={delivery.id}>
      <td>
        <Link to={opsPath({ page: 'account', workspaceId: delivery.workspace_id })}>{workspace}</Link>
        {delivery.mode && <span className="muted small"> ({delivery.mode})</span>}
      </td>
      <td>
        {delivery.event_type}
        <br />
        <code className="small">{delivery.id}</code> <DeliveryStatusBadge status={delivery.status} />
      </td>
      <td className="wrap">{delivery.url}</td>
      <td>{delivery.last_attempt ? attemptOutcome(delivery.last_attempt) : '—'}</td>
      <td>
        <When iso={delivery.created_at} />
      </td>
      <td className="actions-cell">
        <button
          type="button"
          className="button button--small"
          disabled={replay.isPending}
          aria-label={`Replay ${delivery.id}`}
          onClick={() =>
            replay.mutate(delivery.id, {
              onSuccess: () => announce(`Replaying ${delivery.id}.`),
              onError: (failure) => announce(`Not replayed: ${describeError(failure)}`, 'error'),
            })
          }
        >
          <span aria-hidden="true">↻</span> Replay
        </button>
      </td>
    </tr>
  );
}
