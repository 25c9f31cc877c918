import { useState, type FormEvent } from 'react';
import { useDeliveryList, type DeliveryFilters } from '../../api/delivery-queries';
import { EVENT_TYPES, type DeliveryStatus, type Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { DELIVERY_STATUS } from '../../common/DeliveryStatus/DeliveryStatus';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { Page } from '../../common/Page/Page';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DeliveryTable } from './DeliveryTable';
import { EndpointSelect } from './EndpointSelect';
import { FiltersPanel } from '../../common/FiltersPanel/FiltersPanel';
import { Field } from '../../common/Field/Field';

const isEmpty = (filters: DeliveryFilters) => Object.values(filters).every((value) => !value);

/** Every delivery of this mode, newest first, filtered; each opens to its attempts. */
export default function DeliveriesPage({ mode }: { mode: Mode }) {
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const list = useDeliveryList(mode, filters);
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page
      title="Delivery log"
      lead={
        <p>
          Every webhook sent in {mode} mode, with each attempt and the receiver's answer. Failed ones are retried on a schedule and end in the{' '}
          <Link to={dashboardPath(mode, { page: 'dead-letters' })}>dead letters</Link>.
        </p>
      }
    >
      <DeliveryFilterForm key={JSON.stringify(filters)} mode={mode} initial={filters} onApply={setFilters} />
      <QueryStates query={list} what="deliveries" />
      {list.isSuccess && items.length === 0 && (
        <EmptyState title={isEmpty(filters) ? `Nothing delivered in ${mode} mode yet.` : 'No delivery matches these filters.'}>
          {isEmpty(filters) ? (
            <p>
              Add an endpoint on the <Link to={dashboardPath(mode, { page: 'webhooks' })}>Webhooks</Link> page and send it a test event, or create a deployment
              with <code>webhook_url</code>.
            </p>
          ) : (
            <p>Clear the filters to see every delivery.</p>
          )}
        </EmptyState>
      )}
      {items.length > 0 && <DeliveryTable mode={mode} items={items} caption="Deliveries" />}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="deliveries" />
    </Page>
  );
}

function DeliveryFilterForm({ mode, initial, onApply }: { mode: Mode; initial: DeliveryFilters; onApply: (filters: DeliveryFilters) => void }) {
  const [status, setStatus] = useState(initial.status ?? '');
  const [eventType, setEventType] = useState(initial.event_type ?? '');
  const [endpointId, setEndpointId] = useState(initial.endpoint_id ?? '');
  const [deploymentId, setDeploymentId] = useState(initial.deployment_id ?? '');
  const [after, setAfter] = useState(initial.created_after ?? '');
  const [before, setBefore] = useState(initial.created_before ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filters: DeliveryFilters = {};
    if (status) filters.status = status as DeliveryStatus;
    if (eventType) filters.event_type = eventType as DeliveryFilters['event_type'];
    if (endpointId) filters.endpoint_id = endpointId;
    if (deploymentId.trim()) filters.deployment_id = deploymentId.trim();
    if (after) filters.created_after = after;
    if (before) filters.created_before = before;
    onApply(filters);
  };
  const active = Object.values(initial).filter(Boolean).length;
  return (
    <FiltersPanel label="Filter deliveries" active={active} onSubmit={submit} onClear={() => onApply({})}>
      <div className="filters__row">
        <Field label="Status" id="delivery-status">
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any</option>
            {(Object.keys(DELIVERY_STATUS) as DeliveryStatus[]).map((value) => (
              <option key={value} value={value}>
                {DELIVERY_STATUS[value].text}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Event type" id="delivery-event">
          <select value={eventType} onChange={(event) => setEventType(event.target.value)}>
            <option value="">Any</option>
            {[...EVENT_TYPES, 'webhook.test'].map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Endpoint" id="delivery-endpoint">
          <EndpointSelect mode={mode} anyLabel="Any" value={endpointId} onChange={setEndpointId} />
        </Field>
        <Field label="Deployment id" id="delivery-deployment">
          <input type="text" value={deploymentId} onChange={(event) => setDeploymentId(event.target.value)} placeholder="dep_…" />
        </Field>
        <Field label="Created on or after" id="delivery-after">
          <input type="date" value={after} onChange={(event) => setAfter(event.target.value)} />
        </Field>
        <Field label="Created before" id="delivery-before">
          <input type="date" value={before} onChange={(event) => setBefore(event.target.value)} />
        </Field>
      </div>
    </FiltersPanel>
  );
}
