import { useState } from 'react';
import { useDeliveryList } from '../../api/delivery-queries';
import type { Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { BulkReplay } from '../../common/BulkReplay/BulkReplay';
import { plural } from '../../common/format';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DeliveryTable } from './DeliveryTable';
import { EndpointSelect } from './EndpointSelect';

/** Deliveries that failed every attempt: replay one, or all of them with progress. */
export default function DeadLettersPage({ mode }: { mode: Mode }) {
  const [endpointId, setEndpointId] = useState('');
  const list = useDeliveryList(mode, { status: 'dead_lettered', ...(endpointId ? { endpoint_id: endpointId } : {}) });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const scope = endpointId ? 'of this endpoint' : '';
  return (
    <Page
      title="Dead letters"
      lead={
        <p>
          Deliveries that failed every attempt of the retry schedule. Fix the receiver, then replay: each is sent again with its original{' '}
          <code>Service-Delivery</code> id.
        </p>
      }
    >
      <div className="toolbar">
        <span className="inline-field">
          <label htmlFor="dead-endpoint">Endpoint</label>
          <EndpointSelect id="dead-endpoint" mode={mode} anyLabel="Every endpoint and webhook_url" value={endpointId} onChange={setEndpointId} />
        </span>
        <BulkReplay key={endpointId} mode={mode} filter={endpointId ? { endpoint_id: endpointId } : {}} count={items.length} scope={scope} />
      </div>
      <QueryStates query={list} what="dead letters" />
      {list.isSuccess && items.length === 0 && (
        <EmptyState title="No dead letters.">
          <p>
            Every delivery so far succeeded, got a final 4xx, or is still being retried. Retries in progress are in the{' '}
            <Link to={dashboardPath(mode, { page: 'deliveries' })}>delivery log</Link>.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          <p className="muted" aria-live="polite">
            {plural(items.length, 'dead letter')}
            {list.hasNextPage ? ' shown, more below' : ''}.
          </p>
          <DeliveryTable mode={mode} items={items} caption="Dead letters" />
        </>
      )}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="dead letters" />
    </Page>
  );
}
