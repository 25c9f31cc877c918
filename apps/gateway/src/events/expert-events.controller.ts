import { Get, Inject, Req, Res } from '@nestjs/common';
import type { ExpertRef } from '@eh/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentExpert } from '../http/guards/expert.guard';
import type { ExpertEventHub } from './expert-event.hub';
import { EXPERT_EVENT_HUB } from './expert-events.tokens';
import { LiveStreams } from './live-streams';
import { sseMessage } from './sse-format';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { streamEventsOperation } from './expert-events.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

/**
 * `GET /expert/v1/events` (docs/console-contract.md "Live updates"): a server-sent event stream of
 * what changed for this expert: `offer.created`, `offer.ended`, `deployment.updated`, and a
 * `: keepalive` comment every CONSOLE_SSE_KEEPALIVE_SECONDS. With a cookie session, each keepalive
 * also re-reads the session: a sign-out or revocation on any replica ends the stream within one period.
 */
@ExpertController('expert/v1')
export class ExpertEventsController {
  constructor(
    @Inject(EXPERT_EVENT_HUB) private readonly hub: ExpertEventHub,
    @Inject(LiveStreams) private readonly streams: LiveStreams,
  ) {}

  @ExpertOperation(streamEventsOperation)
  @Get('events')
  async events(@CurrentExpert() expert: ExpertRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A 429 (in the API's shape) before the answer starts when the expert has the most streams open.
    const slot = await this.streams.claim([
      { label: 'this expert', id: `expert:${expert.id}`, limit: this.streams.config.costBounds.expertEventStreamsPerExpert },
    ]);
    // The stream outlives the handler: Fastify's reply is handed over to it.
    const stream = this.streams.open(request, reply, slot);
    if (!stream.isOpen) return;
    try {
      const disconnect = await this.hub.connect({
        expertId: expert.id,
        sessionTokenSha256: stream.sessionTokenSha256,
        send: (notice) => stream.write(sseMessage(notice.event, notice.data)),
        close: () => stream.close(),
      });
      // Closed while connecting: the hub forgets it at once.
      stream.onClose(disconnect);
    } catch {
      stream.close();
      return;
    }
    // Only now: a console that sees it can count on every later change reaching it.
    stream.announce();
  }
}
