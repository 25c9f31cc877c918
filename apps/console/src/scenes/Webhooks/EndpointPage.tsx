import { Fact } from '../../common/Fact/Fact';
import { useState, type ReactNode } from 'react';
import { describeError } from '../../api/api-error';
import { useDeliveryList } from '../../api/delivery-queries';
import { useDeleteEndpoint, useEndpoint, useRotateEndpointSecret, useSendTestEvent, useUpdateEndpoint } from '../../api/webhook-endpoint-queries';
import type { Mode, WebhookEndpoint } from '../../api/dashboard-types';
import { Link, navigate } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { Breadcrumbs } from '../../common/Breadcrumbs/Breadcrumbs';
import { BulkReplay } from '../../common/BulkReplay/BulkReplay';
import { ConfirmButton } from '../../common/ConfirmButton/ConfirmButton';
import { CopyButton } from '../../common/CopyButton/CopyButton';
import { formatDateTime } from '../../common/format';
import { When } from '../../common/When/When';
import { LoadMore } from '../../common/LoadMore/LoadMore';
import { RecordPageStates } from '../../common/States/RecordPageStates';
import { Page } from '../../common/Page/Page';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { EmptyState, QueryStates } from '../../common/States/States';
import { DeliveryTable } from './DeliveryTable';
import { EndpointForm, eventsText, ENDPOINT_LABELS } from './EndpointForm';
import { RotateSecretControl } from './RotateSecretControl';

/** One endpoint: its settings, its secret, a test event, and its deliveries (the drill-down's first level). */
export default function EndpointPage({ mode, endpointId }: { mode: Mode; endpointId: string }) {
  const endpoint = useEndpoint(mode, endpointId);
  const crumbs = (label: string) => <Breadcrumbs items={[{ label: 'Webhooks', to: dashboardPath(mode, { page: 'webhooks' }) }, { label }]} />;
  if (!endpoint.isSuccess) {
    return (
      <RecordPageStates
        query={endpoint}
        title="Endpoint"
        what="the endpoint"
        above={crumbs(endpointId)}
        notFound={
          <EmptyState title={`No ${mode} endpoint ${endpointId}.`}>
            <p>
              It was deleted, or belongs to the other mode. See the <Link to={dashboardPath(mode, { page: 'webhooks' })}>endpoints</Link>.
            </p>
          </EmptyState>
        }
      />
    );
  }
  return <EndpointView mode={mode} endpoint={endpoint.data} crumbs={crumbs(endpoint.data.url)} />;
}

function EndpointView({ mode, endpoint, crumbs }: { mode: Mode; endpoint: WebhookEndpoint; crumbs: ReactNode }) {
  const update = useUpdateEndpoint(mode, endpoint.id);
  const rotate = useRotateEndpointSecret(mode, endpoint.id);
  const remove = useDeleteEndpoint(mode);
  const test = useSendTestEvent(mode);
  const announce = useAnnounce();
  const [editing, setEditing] = useState(false);

  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => announce(`Test event sent: delivery ${delivery.id}. Its outcome shows in the deliveries below.`),
      onError: (failure) => announce(`Test event not sent: ${describeError(failure)}`, 'error'),
    });
  /** Why the service disabled the endpoint, while it stays disabled. */
  const disabledByService = endpoint.enabled ? null : (endpoint.disabled_reason ?? null);
  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { enabled },
      {
        onSuccess: () =>
          announce(enabled ? 'Endpoint enabled: events are delivered to it again.' : 'Endpoint disabled: no events are delivered to it until you enable it.'),
        onError: (failure) => announce(`Not changed: ${describeError(failure)}`, 'error'),
      },
    );

  return (
    <Page
      title="Endpoint"
      above={crumbs}
      lead={
        <p className="endpoint-head">
          <code className="endpoint-head__url">{endpoint.url}</code>{' '}
          <span
            className={`badge ${endpoint.enabled ? 'badge--tone-success' : endpoint.disabled_reason ? 'badge--tone-danger' : 'badge--tone-pending'}`}
            data-endpoint-state={endpoint.enabled ? 'enabled' : endpoint.disabled_reason ? 'disabled-failing' : 'disabled'}
          >
            <span aria-hidden="true">{endpoint.enabled ? '● ' : endpoint.disabled_reason ? '⊘ ' : '○ '}</span>
            {endpoint.enabled ? 'Enabled' : endpoint.disabled_reason ? 'Disabled: failing' : 'Disabled'}
          </span>
        </p>
      }
      action={
        <button type="button" className="button button--primary" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? 'Sending…' : 'Send a test event'}
        </button>
      }
    >
      {disabledByService && (
        <div className="callout callout--warning" role="status">
          <p>
            <strong>Disabled by the service.</strong> Every delivery to this endpoint failed from <When iso={disabledByService.failing_since} /> on, so it was
            disabled <When iso={disabledByService.disabled_at} /> and the workspace owners were e-mailed. No events are sent to it now; those that failed stay
            in the delivery log and can be resent.
          </p>
          <p>
            <button type="button" className="button button--primary" onClick={() => setEnabled(true)} disabled={update.isPending}>
              {update.isPending ? 'Enabling…' : 'I fixed it: enable the endpoint again'}
            </button>
          </p>
        </div>
      )}
      {rotate.data?.secret && (
        <SecretReveal title="The endpoint's new signing secret" value={rotate.data.secret} what="the new signing secret" onDone={() => rotate.reset()} />
      )}
      {test.data && (
        <p className="callout" role="status">
          Test event sent as <Link to={dashboardPath(mode, { page: 'delivery', deliveryId: test.data.id })}>{test.data.id}</Link>: a signed{' '}
          <code>webhook.test</code> delivery, retried like any other.
        </p>
      )}
      <div className="two-columns">
        <section className="card" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          {editing ? (
            <EndpointForm
              endpoint={endpoint}
              busy={update.isPending}
              error={update.error}
              submitLabel="Save changes"
              onCancel={() => setEditing(false)}
              onSubmit={(input) =>
                update.mutate(input, {
                  onSuccess: () => {
                    setEditing(false);
                    announce('Endpoint saved.');
                  },
                  onError: (failure) => announce(`Endpoint not saved: ${describeError(failure, ENDPOINT_LABELS)}`, 'error'),
                })
              }
            />
          ) : (
            <>
              <dl className="facts">
                <Fact label="Id">
                  <code>{endpoint.id}</code> <CopyButton value={endpoint.id} label="Copy the endpoint id" />
                </Fact>
                <Fact label="Events">
                  {endpoint.enabled_events.includes('*')
                    ? 'All events'
                    : endpoint.enabled_events.map((type) => (
                        <code key={type} className="tag">
                          {type}
                        </code>
                      ))}
                </Fact>
                {endpoint.description && <Fact label="Description">{endpoint.description}</Fact>}
                <Fact label="Added">
                  <When iso={endpoint.created_at} />
                </Fact>
              </dl>
              <div className="actions">
                <button
                  type="button"
                  className="button"
                  onClick={() => setEditing(true)}
                  aria-label={`Edit the endpoint (${eventsText(endpoint.enabled_events)})`}
                >
                  Edit
                </button>
                {/* An endpoint the service disabled is enabled again from the banner above, which says why. */}
                {!disabledByService && (
                  <button type="button" className="button" onClick={() => setEnabled(!endpoint.enabled)} disabled={update.isPending}>
                    {endpoint.enabled ? 'Disable' : 'Enable'}
                  </button>
                )}
              </div>
            </>
          )}
        </section>
        <section className="card" aria-labelledby="secret-heading">
          <h2 id="secret-heading">Signing secret</h2>
          <ul className="secret-list">
            {endpoint.secrets.map((secret) => (
              <li key={secret.created_at}>
                Created <When iso={secret.created_at} />
                {secret.expires_at ? ` · stops signing ${formatDateTime(secret.expires_at)}` : ' · current'}
              </li>
            ))}
          </ul>
          <p className="muted small">The secret was shown once, when it was made. Lost it? Rotate: the new one is shown once.</p>
          <div className="actions">
            <RotateSecretControl
              id="endpoint-overlap"
              title="Rotate this endpoint's secret?"
              rotate={rotate}
              explain={(overlap) =>
                overlap > 0
                  ? 'Both secrets sign each delivery during the overlap, so your receiver can switch without missing one.'
                  : 'The old secret stops at once: deliveries verified with it fail from now on.'
              }
            />
          </div>
        </section>
      </div>
      <Deliveries mode={mode} endpointId={endpoint.id} />
      <section className="card card--danger" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Delete</h2>
        <p>Deliveries already made stay in the log; nothing more is sent here.</p>
        <ConfirmButton
          label="Delete endpoint"
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(endpoint.id, {
              onSuccess: () => {
                navigate(dashboardPath(mode, { page: 'webhooks' }));
                announce(`Endpoint ${endpoint.url} deleted.`);
              },
              onError: (failure) => announce(`Not deleted: ${describeError(failure)}`, 'error'),
            })
          }
        >
          <p>
            No more events go to <code>{endpoint.url}</code>. This cannot be undone.
          </p>
        </ConfirmButton>
      </section>
    </Page>
  );
}

function Deliveries({ mode, endpointId }: { mode: Mode; endpointId: string }) {
  const list = useDeliveryList(mode, { endpoint_id: endpointId });
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const dead = items.filter((delivery) => delivery.status === 'dead_lettered').length;
  return (
    <section className="card" aria-labelledby="endpoint-deliveries-heading">
      <div className="section-head">
        <h2 id="endpoint-deliveries-heading">Deliveries</h2>
        <BulkReplay mode={mode} filter={{ endpoint_id: endpointId }} count={dead} scope="of this endpoint" />
      </div>
      <QueryStates query={list} what="deliveries" />
      {list.isSuccess && items.length === 0 && (
        <EmptyState title="Nothing delivered here yet.">
          <p>Send a test event (button at the top) to check your receiver verifies the signature, or create a deployment: each change is delivered here.</p>
        </EmptyState>
      )}
      {items.length > 0 && <DeliveryTable mode={mode} items={items} caption="Deliveries to this endpoint" showUrl={false} />}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} what="deliveries" />
    </section>
  );
}
