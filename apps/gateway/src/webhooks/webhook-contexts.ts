import { Inject, Injectable } from '@nestjs/common';
import type { EndpointContext, PartnerEndpointContext } from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import type { SecretCipher, SqlClient } from '@eh/platform';
import type { FastifyRequest } from 'fastify';
import { GatewayPorts } from '../http/gateway-ports';
import { actorOf } from '../http/service-mode';
import { SECRET_CIPHER } from './partner-context';

/**
 * What a change to a webhook endpoint or a signing secret is made with, for operations and
 * partners alike: the store, the read models, the cipher that seals new secrets, the rule on
 * private URLs, and the request's time and id.
 */
@Injectable()
export class WebhookContexts {
  readonly store: EventStore;
  readonly sql: SqlClient;

  constructor(
    @Inject(GatewayPorts) private readonly ports: GatewayPorts,
    @Inject(SECRET_CIPHER) readonly cipher: SecretCipher,
  ) {
    this.store = ports.store;
    this.sql = ports.sql;
  }

  endpoint(request: FastifyRequest): EndpointContext {
    return {
      sql: this.sql,
      store: this.store,
      cipher: this.cipher,
      allowPrivateUrls: this.ports.config.webhooks.allowPrivateUrls,
      now: new Date(),
      correlationId: String(request.id),
    };
  }

  /** A partner's change also names who made it (the key, or the member with their session). */
  partnerEndpoint(request: FastifyRequest): PartnerEndpointContext {
    return { ...this.endpoint(request), actor: actorOf(request) };
  }

  /** How long a rotated-out secret still signs: the caller's choice, or WEBHOOK_SECRET_OVERLAP_SECONDS. */
  overlapSeconds(requested: number | undefined): number {
    return requested ?? this.ports.config.webhooks.secretOverlapSeconds;
  }
}
