import { describeError } from '../../api/api-error';
import { useCreateEndpoint, useEndpoints } from '../../api/webhook-endpoint-queries';
import type { Mode } from '../../api/dashboard-types';
import { Link } from '../../app/router';
import { dashboardPath } from '../../app/routes';
import { useAnnounce } from '../../common/Announcer/Announcer';
import { When } from '../../common/When/When';
import { Page } from '../../common/Page/Page';
import { SecretReveal } from '../../common/SecretReveal/SecretReveal';
import { EmptyState, QueryStates } from '../../common/States/States';
import { EndpointForm, eventsText, ENDPOINT_LABELS } from './EndpointForm';
import { SigningSecretCard } from './SigningSecretCard';

/** The workspace's endpoints in this mode (add one, open one) and the secret for `webhook_url`. */
export default function WebhooksPage({ mode }: { mode: Mode }) {
  const endpoints = useEndpoints(mode);
  const create = useCreateEndpoint(mode);
  const announce = useAnnounce();
  const items = endpoints.data?.data ?? [];
  const created = create.data;
  return (
    <Page
      title="Webhooks"
      lead={
        <p>
          Every change of a {mode} deployment is POSTed to each enabled endpoint here, signed with its secret (<code>Service-Signature</code>). See every
          attempt in the <Link to={dashboardPath(mode, { page: 'deliveries' })}>delivery log</Link>.
        </p>
      }
    >
      {created?.secret && (
        <SecretReveal title={`Signing secret of ${created.url}`} value={created.secret} what="the endpoint's signing secret" onDone={() => create.reset()}>
          <p>
            Verify each delivery with it (<code>verifyWebhook</code>), then{' '}
            <Link to={dashboardPath(mode, { page: 'endpoint', endpointId: created.id })}>open the endpoint and send a test event</Link>.
          </p>
        </SecretReveal>
      )}
      <details className="card add-endpoint" open={!endpoints.isSuccess || items.length === 0 ? true : undefined}>
        <summary>
          <h2 className="add-endpoint__title">Add an endpoint</h2>
        </summary>
        <EndpointForm
          key={created?.id ?? 'new'}
          busy={create.isPending}
          error={create.error}
          submitLabel="Add endpoint"
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (endpoint) => announce(`Endpoint ${endpoint.url} added. Copy its signing secret now: it is shown only this once.`),
              onError: (failure) => announce(`Endpoint not added: ${describeError(failure, ENDPOINT_LABELS)}`, 'error'),
            })
          }
        />
      </details>
      <h2>Endpoints</h2>
      <QueryStates query={endpoints} what="the endpoints" />
      {endpoints.isSuccess && items.length === 0 && (
        <EmptyState title={`No ${mode} endpoints yet.`}>
          <p>
            Add the URL of your receiver above. Until you do, only deployments created with a <code>webhook_url</code> are delivered.
          </p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="card-list endpoint-list" aria-label="Endpoints">
          {items.map((endpoint) => (
            <li key={endpoint.id} className="card endpoint-row" data-endpoint-id={endpoint.id}>
              <Link to={dashboardPath(mode, { page: 'endpoint', endpointId: endpoint.id })} className="endpoint-row__url">
                {endpoint.url}
              </Link>
              <p className="endpoint-row__meta">
                <span className={`badge ${endpoint.enabled ? 'badge--tone-success' : 'badge--tone-pending'}`}>
                  <span aria-hidden="true">{endpoint.enabled ? '● ' : '○ '}</span>
                  {endpoint.enabled ? 'Enabled' : 'Disabled'}
                </span>{' '}
                <span className="muted small">
                  {eventsText(endpoint.enabled_events)} · added <When iso={endpoint.created_at} />
                  {endpoint.description ? ` · ${endpoint.description}` : ''}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <SigningSecretCard mode={mode} />
    </Page>
  );
}
