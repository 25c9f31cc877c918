import { useState } from 'react';
import { fieldError } from '../../api/api-error';
import { useWorkspaces } from '../../api/ops-queries';
import { Link } from '../../app/router';
import { opsPath } from '../../app/routes';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { SearchBox } from '../../common/SearchBox/SearchBox';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DataTable } from '../../common/DataTable/DataTable';

/** Every workspace, found by name, with its balance and plan; each opens to its credit account (grant credits, change the plan). */
export default function AccountsPage() {
  const [search, setSearch] = useState('');
  const workspaces = useWorkspaces(search);
  const items = workspaces.data?.pages.flatMap((page) => page.data) ?? [];
  const searchError = fieldError(workspaces.error, 'q', { q: 'Search' });
  return (
    <Page title="Accounts" lead={<p>Each workspace has one credit account for its live deployments. Open one to grant credits or change its plan.</p>}>
      <SearchBox
        id="account-search"
        label="Find a workspace"
        hint="At least 3 characters of its name, or its id."
        value={search}
        error={searchError}
        onSearch={setSearch}
      />
      <QueryStates query={workspaces} what="the workspaces" errorShownElsewhere={Boolean(searchError)} />
      {workspaces.isSuccess && items.length === 0 && search !== '' && (
        <EmptyState title={`No workspace matches “${search}”.`}>
          <p>Clear the search to see every workspace.</p>
        </EmptyState>
      )}
      {workspaces.isSuccess && items.length === 0 && search === '' && (
        <EmptyState title="No workspaces yet.">
          <p>
            Create one with <code>npm run ops -- workspace:create --name … --owner-email …</code>: its owner gets a link to set a password.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <DataTable label="Workspaces" columns={['Workspace', 'Id', 'Plan', { label: 'Balance', numeric: true }, 'Created']}>
          {items.map((workspace) => (
            <tr key={workspace.id} data-workspace-id={workspace.id}>
              <th scope="row">
                <Link to={opsPath({ page: 'account', workspaceId: workspace.id })}>{workspace.name}</Link>
              </th>
              <td>
                <code>{workspace.id}</code>
              </td>
              <td>{workspace.plan ?? <span className="muted small">No account yet</span>}</td>
              <td className="numeric">
                {workspace.credits_remaining === null ? <span className="muted">—</span> : `${workspace.credits_remaining.toLocaleString()} credits`}
              </td>
              <td>
                <When iso={workspace.created_at} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore hasMore={workspaces.hasNextPage} loading={workspaces.isFetchingNextPage} onMore={() => void workspaces.fetchNextPage()} what="workspaces" />
    </Page>
  );
}
