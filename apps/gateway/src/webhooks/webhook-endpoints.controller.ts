import { Delete, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { DomainError, RetryAfterError } from '@eh/contracts';
import {
  createPartnerEndpoint,
  deletePartnerEndpoint,
  listWebhookEndpoints,
  rotatePartnerEndpointSecret,
  sendTestEvent,
  showPartnerEndpoint,
  updatePartnerEndpoint,
  type DeliveryResource,
  type EndpointWithNewSecret,
  type WebhookEndpointResource,
} from '@eh/delivery';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { RedisRateLimiter } from '../http/rate-limit/redis-rate-limiter.adapter';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { OptionalBody } from '../http/optional-validated-body.pipe';
import { NoQueryParameters } from '../http/list-query.rules';
import { ValidBody } from '../http/validated-body.pipe';
import { ENDPOINT_TEST_LIMITER } from './endpoint-test-limiter';
import { scopeOf } from './partner-context';
import { WebhookContexts } from './webhook-contexts';
import { CreateWebhookEndpointDto, EmptyBodyDto, EmptyBody, RotateSigningSecretDto, UpdateWebhookEndpointDto } from './webhook-endpoints.dto';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import {
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  getWebhookEndpointOperation,
  listWebhookEndpointsOperation,
  rotateWebhookEndpointSecretOperation,
  sendWebhookTestEventOperation,
  updateWebhookEndpointOperation,
} from './webhook-endpoints.openapi';
import { PartnerController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

/**
 * A partner's own webhook endpoints (docs/dashboard-contract.md §2), several per workspace
 * and mode, with the key (or a member's session and `Service-Mode`). Rules live in libs/delivery.
 */
@PartnerController('v1/webhook_endpoints')
export class WebhookEndpointsController {
  constructor(
    @Inject(WebhookContexts) private readonly contexts: WebhookContexts,
    @Inject(ENDPOINT_TEST_LIMITER) private readonly testLimiter: RedisRateLimiter,
  ) {}

  @PublicOperation(createWebhookEndpointOperation)
  @Post()
  @HttpCode(201)
  async create(
    @Auth() auth: AuthenticatedKey,
    @ValidBody(CreateWebhookEndpointDto) body: CreateWebhookEndpointDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EndpointWithNewSecret> {
    const created = await createPartnerEndpoint(this.contexts.partnerEndpoint(request), scopeOf(auth), body);
    void reply.header('Location', `/v1/webhook_endpoints/${created.id}`);
    return created;
  }

  @PublicOperation(listWebhookEndpointsOperation)
  @Get()
  async list(@Auth() auth: AuthenticatedKey, @Query(NoQueryParameters) _query: object): Promise<ListEnvelope<WebhookEndpointResource>> {
    return listEnvelope(await listWebhookEndpoints(this.contexts.sql, auth.workspaceId, auth.mode), null);
  }

  @PublicOperation(getWebhookEndpointOperation)
  @Get(':id')
  show(@Auth() auth: AuthenticatedKey, @Param('id') id: string): Promise<WebhookEndpointResource> {
    return showPartnerEndpoint(this.contexts.store, scopeOf(auth), id);
  }

  @ActionRoute(PublicOperation(updateWebhookEndpointOperation), ':id')
  update(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @ValidBody(UpdateWebhookEndpointDto) body: UpdateWebhookEndpointDto,
    @Req() request: FastifyRequest,
  ): Promise<WebhookEndpointResource> {
    if (Object.values(body).every((value) => value === undefined))
      throw new DomainError('invalid_request', 'send at least one of url, enabled, enabled_events, description', 'body');
    return updatePartnerEndpoint(this.contexts.partnerEndpoint(request), scopeOf(auth), id, body);
  }

  @PublicOperation(deleteWebhookEndpointOperation)
  @Delete(':id')
  remove(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<{ object: 'webhook_endpoint'; id: string; deleted: true }> {
    return deletePartnerEndpoint(this.contexts.partnerEndpoint(request), scopeOf(auth), id);
  }

  @ActionRoute(PublicOperation(rotateWebhookEndpointSecretOperation), ':id/rotate_secret')
  rotate(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @OptionalBody(RotateSigningSecretDto) body: RotateSigningSecretDto,
    @Req() request: FastifyRequest,
  ): Promise<EndpointWithNewSecret> {
    return rotatePartnerEndpointSecret(this.contexts.partnerEndpoint(request), scopeOf(auth), id, this.contexts.overlapSeconds(body.overlap_seconds));
  }

  @PublicOperation(sendWebhookTestEventOperation)
  @Post(':id/test')
  @HttpCode(201)
  async test(
    @Auth() auth: AuthenticatedKey,
    @Param('id') id: string,
    @EmptyBody() _body: EmptyBodyDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeliveryResource> {
    // Each test is a POST to whatever URL was registered: a few per endpoint per minute, counted
    // only for an endpoint of the caller's own (an unknown id is a 404 first, and costs no one's budget).
    await showPartnerEndpoint(this.contexts.store, scopeOf(auth), id);
    const verdict = await this.testLimiter.hit(`${auth.workspaceId}:${id}`, String(request.id));
    if (verdict && !verdict.allowed) {
      throw new RetryAfterError(
        'rate_limited',
        `this endpoint was sent ${verdict.limit} test events in the last minute; retry after ${verdict.retryAfterSeconds} s`,
        verdict.retryAfterSeconds,
      );
    }
    const delivery = await sendTestEvent(this.contexts.partnerEndpoint(request), scopeOf(auth), id);
    void reply.header('Location', `/v1/webhook_deliveries/${delivery.id}`);
    return delivery;
  }
}
