import { checkDestination } from '@eh/delivery';
import { createDeployment, type CreateDeploymentDeps, type DeploymentResource } from '@eh/deployments';
import type { EventStore } from '@eh/event-store';
import type { ServiceConfig } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { LedgerClient } from '@eh/ledger';
import type { RouterClient } from '@eh/routing';
import type { CreateDeploymentDto } from './create-deployment.dto';

export interface DeploymentCreationDeps {
  store: EventStore;
  router: RouterClient;
  ledger: LedgerClient;
  config: ServiceConfig;
}

/** What `createDeployment` calls out to: the store, the router's quote, the ledger's hold and release, the deadlines. */
export function creationPorts(deps: DeploymentCreationDeps): CreateDeploymentDeps {
  return {
    store: deps.store,
    quote: (quote) => deps.router.quote(quote),
    reserve: (reservation) => deps.ledger.reserve(reservation),
    release: (reservation) => deps.ledger.release(reservation),
    windows: deps.config.durations,
  };
}

/**
 * A validated create request, as `POST /v1/deployments` and A2A's `message/send` both make it:
 * quote, reserve, append. `deploymentId` is set under an idempotency key, so every attempt names
 * the same deployment and only one is ever created.
 */
export async function createFromRequest(
  deps: DeploymentCreationDeps,
  auth: AuthenticatedKey,
  request: { requestId: string; now: Date; deploymentId: string | undefined },
  body: CreateDeploymentDto,
): Promise<DeploymentResource> {
  // https and a public address, unless configuration allows otherwise (docs/decisions.md, webhooks' "Safety").
  if (body.webhook_url) await checkDestination(body.webhook_url, 'webhook_url', deps.config.webhooks.allowPrivateUrls);
  return createDeployment(
    creationPorts(deps),
    { workspaceId: auth.workspaceId, mode: auth.mode, requestId: request.requestId, now: request.now, deploymentId: request.deploymentId },
    {
      brief: body.brief,
      skills: body.skills,
      urgency: body.urgency ?? null,
      scheduled_for: body.scheduled_for ?? null,
      context_url: body.context_url ?? null,
      context_files: body.context_files ?? [],
      metadata: body.metadata ?? {},
      webhook_url: body.webhook_url ?? null,
      ...(body.output_schema !== undefined ? { output_schema: body.output_schema } : {}),
      ...(body.follow_up_to !== undefined ? { follow_up_to: body.follow_up_to } : {}),
    },
  );
}
