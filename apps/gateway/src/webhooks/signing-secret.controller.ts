import { Get, Inject, Query, Req } from '@nestjs/common';
import { revealSigningSecret, rotateSigningSecret, showSigningSecret, type SigningSecretResource } from '@eh/delivery';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { NoQueryParameters } from '../http/list-query.rules';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { actorOf } from '../http/service-mode';
import { WebhookContexts } from './webhook-contexts';
import { EmptyBodyDto, EmptyBody, RotateSigningSecretDto } from './webhook-endpoints.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getWebhookSigningSecretOperation, revealWebhookSigningSecretOperation, rotateWebhookSigningSecretOperation } from './signing-secret.openapi';
import { PartnerController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/**
 * The secret that signs deliveries to a deployment's `webhook_url` (docs/dashboard-contract.md
 * §3), one per workspace and mode, there from the start; shown once (reveal), or anew by a rotation.
 */
@PartnerController('v1/webhook_signing_secret')
export class SigningSecretController {
  constructor(@Inject(WebhookContexts) private readonly contexts: WebhookContexts) {}

  @PublicOperation(getWebhookSigningSecretOperation)
  @Get()
  show(@Auth() auth: AuthenticatedKey, @Query(NoQueryParameters) _query: object, @Req() request: FastifyRequest): Promise<SigningSecretResource> {
    return showSigningSecret(this.contexts.endpoint(request), auth.workspaceId, auth.mode);
  }

  @ActionRoute(PublicOperation(revealWebhookSigningSecretOperation), 'reveal')
  reveal(@Auth() auth: AuthenticatedKey, @EmptyBody() _body: EmptyBodyDto, @Req() request: FastifyRequest): Promise<SigningSecretResource> {
    return revealSigningSecret(this.contexts.endpoint(request), this.contexts.cipher, auth.workspaceId, auth.mode, actorOf(request));
  }

  @ActionRoute(PublicOperation(rotateWebhookSigningSecretOperation), 'rotate')
  rotate(
    @Auth() auth: AuthenticatedKey,
    @OptionalBody(RotateSigningSecretDto) body: RotateSigningSecretDto,
    @Req() request: FastifyRequest,
  ): Promise<SigningSecretResource> {
    return rotateSigningSecret(
      this.contexts.endpoint(request),
      auth.workspaceId,
      auth.mode,
      this.contexts.overlapSeconds(body.overlap_seconds),
      actorOf(request),
    );
  }
}
