import { Inject, Injectable } from '@nestjs/common';
import type { ServiceConfig } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG } from '../http/tokens';
import { ConsoleSessions } from '../identity/console-sessions';
import { openEventStream, type OpenEventStream } from './event-stream.response';
import { partnerStreamOwners, STREAM_SLOTS, type StreamOwner, type StreamSlot, type StreamSlots } from './stream-slots';

/**
 * Every server-sent event answer (partners' event streams, A2A's streaming methods, the expert
 * console's live updates) claims a slot among its owners' open streams, then turns the reply
 * into a stream that renews the slot at each keep-alive and re-reads a cookie session there.
 */
@Injectable()
export class LiveStreams {
  constructor(
    @Inject(CONFIG) readonly config: ServiceConfig,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(STREAM_SLOTS) private readonly slots: StreamSlots,
  ) {}

  /** A slot among the owners' open streams, or a 429 naming the one that is full. */
  claim(owners: StreamOwner[]): Promise<StreamSlot> {
    return this.slots.claim(owners);
  }

  /** A slot among the key's and the workspace's open streams. */
  claimForPartner(auth: AuthenticatedKey): Promise<StreamSlot> {
    return this.claim(partnerStreamOwners(auth, this.config.costBounds));
  }

  /** The answer turned into a stream, its slot renewed at each keep-alive and given back when it ends. */
  open(request: FastifyRequest, reply: FastifyReply, slot: StreamSlot): OpenEventStream {
    return openEventStream(request, reply, { keepaliveMs: this.config.console.sseKeepaliveSeconds * 1000, sessions: this.sessions.store, slot });
  }
}
