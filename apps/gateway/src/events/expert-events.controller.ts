import { Controller, Get, Inject, Req, Res, UseGuards } from '@nestjs/common';
import type { ExpertRef } from '@eh/contracts';
import type { ServiceConfig } from '@eh/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../identity/console-sessions';
import { CONFIG } from '../http/tokens';
import { STREAM_SLOTS, type StreamSlots } from './stream-slots';
import { CurrentExpert, ExpertGuard } from '../http/guards/expert.guard';
import type { ExpertEventHub } from './expert-event.hub';
import { EXPERT_EVENT_HUB } from './expert-events.tokens';
import { sseComment, sseMessage, sseRetry } from './sse-format';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { streamEventsOperation } from './expert-events.openapi';

/** A client that reads slower than events arrive is dropped past this; it reconnects and refetches. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * `GET /expert/v1/events` (docs/console-contract.md "Live updates"): a server-sent event stream of
 * what changed for this expert: `offer.created`, `offer.ended`, `deployment.updated`, and a
 * `: keepalive` comment every CONSOLE_SSE_KEEPALIVE_SECONDS. With a cookie session, each keepalive
 * also re-reads the session: a sign-out or revocation on any replica ends the stream within one period.
 */
@Controller('expert/v1')
@UseGuards(ExpertGuard)
export class ExpertEventsController {
  constructor(
    @Inject(EXPERT_EVENT_HUB) private readonly hub: ExpertEventHub,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(STREAM_SLOTS) private readonly slots: StreamSlots,
  ) {}

  @ExpertOperation(streamEventsOperation)
  @Get('events')
  async events(@CurrentExpert() expert: ExpertRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A 429 (in the API's shape) before the answer starts when the expert has the most streams open.
    const slot = await this.slots.claim([{ label: 'this expert', id: `expert:${expert.id}`, limit: this.config.costBounds.expertEventStreamsPerExpert }]);
    // The stream outlives the handler: Fastify's reply is handed over to us.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies (nginx) must pass each message at once instead of buffering the response.
      'X-Accel-Buffering': 'no',
      'Request-Id': String(request.id),
    });
    const sessionTokenSha256 = request.consoleAuth?.session.tokenSha256 ?? null;
    let open = true;
    const write = (chunk: string): void => {
      if (!open) return;
      raw.write(chunk);
      if (raw.writableLength > MAX_BUFFERED_BYTES) close();
    };
    let disconnect: () => void = () => undefined;
    const keepalive = setInterval(() => {
      write(sseComment('keepalive'));
      slot.refresh();
      if (sessionTokenSha256 === null) return;
      this.sessions.store.isLive(sessionTokenSha256, new Date()).then(
        (live) => (live ? undefined : close()),
        () => undefined,
      );
    }, this.config.console.sseKeepaliveSeconds * 1000);
    const close = (): void => {
      if (!open) return;
      open = false;
      clearInterval(keepalive);
      slot.release();
      disconnect();
      raw.end();
    };
    raw.on('close', close);
    write(sseRetry(3000));
    // A client gone while the slot was claimed (before the listener above) sends no 'close' again.
    if (raw.destroyed || request.raw.socket?.destroyed) close();
    try {
      const connected = await this.hub.connect({ expertId: expert.id, sessionTokenSha256, send: (notice) => write(sseMessage(notice.event, notice.data)), close: () => close() });
      // Closed while connecting: the hub must forget it now.
      if (open) disconnect = connected;
      else connected();
    } catch {
      close();
      return;
    }
    // Only now: a console that sees it can count on every later change reaching it.
    write(sseComment('connected'));
  }
}
