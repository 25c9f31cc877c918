import { useState } from 'react';
import { useAdminLimitRequests } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { opsPath } from '../../app/routes';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { ResolveRequest } from './ResolveRequest';

type Filter = 'open' | 'granted' | 'declined' | 'all';
const FILTERS: Record<Filter, string> = { open: 'Open', granted: 'Granted', declined: 'Declined', all: 'All' };

/** Requests for a higher in-flight limit from every workspace: grant or decline each. */
export default function LimitRequestsPage() {
  const [status, setStatus] = useState<Filter>('open');
  const requests = useAdminLimitRequests(status);
  const items = requests.data?.data ?? [];
  return (
    <Page title="Limit requests" lead={<p>Owners ask for a higher in-flight limit from their dashboard; the answer shows on their Plan page.</p>}>
      <div className="toolbar">
        <span className="inline-field">
          <label htmlFor="request-status">Show</label>
          <select id="request-status" value={status} onChange={(event) => setStatus(event.target.value as Filter)}>
            {(Object.keys(FILTERS) as Filter[]).map((value) => (
              <option key={value} value={value}>
                {FILTERS[value]}
              </option>
            ))}
          </select>
        </span>
      </div>
      <QueryStates query={requests} what="the requests" />
      {requests.isSuccess && items.length === 0 && (
        <EmptyState title={status === 'open' ? 'No open requests.' : 'No requests here.'}>
          <p>Nothing to answer. Plans can also be changed directly on a workspace's account page.</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="card-list" aria-label="Limit requests">
          {items.map((request) => (
            <li key={request.id}>
              <ResolveRequest request={request} workspaceLabel={request.workspace_id} />
              <p className="small">
                <Link to={opsPath({ page: 'account', workspaceId: request.workspace_id })}>Open the account of {request.workspace_id}</Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
