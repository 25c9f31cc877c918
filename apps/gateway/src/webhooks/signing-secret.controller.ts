import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { revealSigningSecret, rotateSigningSecret, showSigningSecret, type SigningSecretContext, type SigningSecretResource } from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import type { SecretCipher, ServiceConfig } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { ApiKeyGuard, Auth } from '../http/guards/api-key.guard';
import { refuseUnknownParameters } from '../http/list-query.rules';
import { OptionalValidatedBody } from '../http/optional-validated-body.pipe';
import { actorOf } from '../http/service-mode';
import { CONFIG, EVENT_STORE } from '../http/tokens';
import { SECRET_CIPHER } from './partner-context';
import { EmptyBodyDto, NoBody, RotateSigningSecretDto } from './webhook-endpoints.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getWebhookSigningSecretOperation, revealWebhookSigningSecretOperation, rotateWebhookSigningSecretOperation } from './signing-secret.openapi';

/**
 * The secret that signs deliveries to a deployment's `webhook_url` (docs/dashboard-contract.md
 * §3), one per workspace and mode, there from the start; shown once (reveal), or anew by a rotation.
 */
@Controller('v1/webhook_signing_secret')
@UseGuards(ApiKeyGuard)
export class SigningSecretController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
  ) {}

  private context(request: FastifyRequest): SigningSecretContext {
    return { store: this.store, cipher: this.cipher, now: new Date(), correlationId: String(request.id) };
  }

  @PublicOperation(getWebhookSigningSecretOperation)
  @Get()
  show(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest): Promise<SigningSecretResource> {
    refuseUnknownParameters(request.query as Record<string, unknown>, []);
    return showSigningSecret(this.context(request), auth.workspaceId, auth.mode);
  }

  @PublicOperation(revealWebhookSigningSecretOperation)
  @Post('reveal')
  @HttpCode(200)
  reveal(@Auth() auth: AuthenticatedKey, @Body(new NoBody()) _body: EmptyBodyDto, @Req() request: FastifyRequest): Promise<SigningSecretResource> {
    return revealSigningSecret(this.context(request), this.cipher, auth.workspaceId, auth.mode, actorOf(request));
  }

  @PublicOperation(rotateWebhookSigningSecretOperation)
  @Post('rotate')
  @HttpCode(200)
  rotate(
    @Auth() auth: AuthenticatedKey,
    @Body(new OptionalValidatedBody(RotateSigningSecretDto)) body: RotateSigningSecretDto,
    @Req() request: FastifyRequest,
  ): Promise<SigningSecretResource> {
    return rotateSigningSecret(
      this.context(request),
      auth.workspaceId,
      auth.mode,
      body.overlap_seconds ?? this.config.webhooks.secretOverlapSeconds,
      actorOf(request),
    );
  }
}
