import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AgentCardSource } from './agent-card.source';
import { protocolOf } from './json-rpc.errors';

/**
 * `GET /.well-known/agent-card.json`, served by the gateway beside the endpoint it describes:
 * public (discovery comes before a key), in A2A 1.0's shape for `A2A-Version: 1.0` and 0.3's
 * without the header, as the SDK's own card handler does; shared caches keep one per version.
 */
@Controller('.well-known')
export class AgentCardController {
  constructor(@Inject(AgentCardSource) private readonly card: AgentCardSource) {}

  @Get('agent-card.json')
  async get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const protocol = protocolOf(request.headers['a2a-version']);
    if (!protocol) throw new DomainError('invalid_request', 'A2A-Version must be 1.0 or 0.3', 'A2A-Version');
    void reply.header('Cache-Control', 'public, max-age=60').header('Vary', 'A2A-Version');
    return this.card.json(protocol);
  }
}
