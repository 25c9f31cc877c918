import { Inject } from '@nestjs/common';
import { checkDestination } from '@eh/delivery';
import { checkOutputSchema, checkSchedule, followedUpDeployment, slaDeadline } from '@eh/deployments';
import { reservationEstimate } from '@eh/ledger';
import { previewFirstOffer } from '@eh/routing';
import type { AuthenticatedKey } from '@eh/workspaces';
import { Auth } from '../http/guards/api-key.guard';
import { ValidBody } from '../http/validated-body.pipe';
import { CreateDeploymentDto } from './create-deployment.dto';
import { GatewayPorts } from '../http/gateway-ports';
import { deploymentQuote, type DeploymentQuote } from './deployment-quote';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { quoteDeploymentOperation } from './quote-deployment.openapi';
import { PartnerController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/**
 * `POST /v1/deployments/quote`: what a create with this body would do now, with the
 * create's own DTO, pipe and schedule and webhook checks, and the same router quote RPC that
 * create asks; then only read-only roster queries. Nothing is reserved, appended or projected.
 */
@PartnerController('v1/deployments')
export class QuoteDeploymentController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  @ActionRoute(PublicOperation(quoteDeploymentOperation), 'quote')
  async quote(@Auth() auth: AuthenticatedKey, @ValidBody(CreateDeploymentDto) body: CreateDeploymentDto): Promise<DeploymentQuote> {
    const { store, sql, config, router } = this.ports;
    if (body.webhook_url) await checkDestination(body.webhook_url, 'webhook_url', config.webhooks.allowPrivateUrls);
    // Create's checks of a typed answer's schema and of the work followed up: a body create would refuse, quote refuses alike.
    if (body.output_schema !== undefined) checkOutputSchema(body.output_schema, auth.mode);
    if (body.follow_up_to !== undefined) await followedUpDeployment(store, auth, body.follow_up_to);
    const now = new Date();
    const { durations } = config;
    const urgency = body.urgency ?? 'standard';
    const scheduledFor = checkSchedule({ urgency, scheduled_for: body.scheduled_for ?? null }, now, durations.scheduledLeadSeconds);
    const reply = await router.quote({ workspace_id: auth.workspaceId, mode: auth.mode, skills: body.skills, urgency });
    const firstChoice =
      auth.mode === 'live' && reply.available
        ? await previewFirstOffer(sql, { workspaceId: auth.workspaceId, skills: body.skills, now, halfLifeSeconds: durations.briefFitHalfLifeSeconds })
        : null;
    return deploymentQuote({
      mode: auth.mode,
      urgency,
      skills: body.skills,
      metadata: body.metadata ?? {},
      now,
      routingStartsAt: scheduledFor ?? now,
      slaDeadline: slaDeadline(urgency, now, scheduledFor, durations),
      offerTimeoutSeconds: durations.offerTimeoutSeconds,
      availability: { available: reply.available, reason: reply.reason, candidateCount: reply.candidate_count },
      firstChoice: firstChoice?.expert ?? null,
      // The ledger's own rule for the amount a create holds (test mode holds nothing).
      creditsReserved: auth.mode === 'live' ? reservationEstimate(reply, config.ledger.fallbackReserveCredits) : 0,
    });
  }
}
