import { setImmediate } from 'node:timers/promises';
import { Get, Inject, Param, Req, Res } from '@nestjs/common';
import { DomainError, RetryAfterError } from '@eh/contracts';
import { BatchSubjectStates, deploymentPublicEvents, type PublicEventBody } from '@eh/delivery';
import type { RecordedEvent } from '@eh/event-store';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { RedisRateLimiter } from '../http/rate-limit/redis-rate-limiter.adapter';
import { GatewayPorts } from '../http/gateway-ports';
import { scopeOf } from '../webhooks/partner-context';
import type { OpenEventStream } from './event-stream.response';
import { LiveStreams } from './live-streams';
import { sseEvent } from './sse-format';
import { ReplayPacer } from './replay-pacer';
import { WorkspaceReplay } from './workspace-replay';
import { RecentIds } from './recent-ids';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from './workspace-event.hub';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { listDeploymentEventsOperation, streamDeploymentEventsOperation, streamEventsOperation } from './deployment-events.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

/** Ids a workspace stream remembers to drop repeats, at the least (a long replay raises it). */
const REMEMBERED_IDS = 4096;

const lastEventIdOf = (request: FastifyRequest): string | undefined => {
  const value = request.headers['last-event-id'];
  if (Array.isArray(value)) throw new DomainError('invalid_request', 'Last-Event-ID may be given once', 'Last-Event-ID');
  return value === undefined || value === '' ? undefined : value;
};

/** Sequences are stream revisions: integers from 0. */
function parseSequence(value: string, param: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new DomainError('invalid_request', `${param} must be an event's sequence (an integer) as this API sent it`, param);
  return Number(value);
}

/**
 * A deployment's events and everyone's live streams (docs/dashboard-contract.md §5): public
 * events only, each the webhook body, so an agent can follow without polling and without a receiver.
 */
@PartnerController('v1')
export class DeploymentEventsController {
  /** One per gateway process (controllers are singletons): every replay of a workspace shares its pace. */
  private readonly pacer: ReplayPacer;

  constructor(
    @Inject(GatewayPorts) private readonly ports: GatewayPorts,
    @Inject(WORKSPACE_EVENT_HUB) private readonly hub: WorkspaceEventHub,
    @Inject(LiveStreams) private readonly streams: LiveStreams,
    @Inject(RedisRateLimiter) private readonly rateLimiter: RedisRateLimiter,
  ) {
    this.pacer = new ReplayPacer(ports.config.costBounds.replayEventsPerSecond);
  }

  /** Oldest first, in stream order; `cursor` continues after the last event of the previous page. */
  @PublicOperation(listDeploymentEventsOperation)
  @Get('deployments/:id/events')
  async list(@Auth() auth: AuthenticatedKey, @Param('id') id: string, @Req() request: FastifyRequest): Promise<ListEnvelope<PublicEventBody>> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['limit', 'cursor']);
    const limit = parseLimit(singleParameter(query, 'limit') ?? '100');
    const cursor = singleParameter(query, 'cursor');
    const after = cursor === undefined ? -1 : Number(decodePositionCursor(cursor, (value) => /^\d{1,9}$/.test(value)));
    const events = (await deploymentPublicEvents(this.ports.store, scopeOf(auth), id)).filter((event) => event.sequence > after);
    const page = events.slice(0, limit);
    const last = page[page.length - 1];
    return listEnvelope(page, events.length > limit && last ? encodePositionCursor(String(last.sequence)) : null);
  }

  /** What the stream already holds after `Last-Event-ID` (all of it without), then every new event as it happens. */
  @PublicOperation(streamDeploymentEventsOperation)
  @Get('deployments/:id/events/stream')
  async deploymentStream(@Auth() auth: AuthenticatedKey, @Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    refuseUnknownParameters(request.query as Record<string, unknown>, ['mode']);
    const lastId = lastEventIdOf(request);
    const after = lastId === undefined ? -1 : parseSequence(lastId, 'Last-Event-ID');
    // Before the stream opens: a deployment of another workspace or mode is a plain 404.
    await deploymentPublicEvents(this.ports.store, scopeOf(auth), id);
    const slot = await this.streams.claimForPartner(auth);
    const stream = this.streams.open(request, reply, slot);
    let sent = after;
    let backlogDone = false;
    const pending: PublicEventBody[] = [];
    const emit = (event: PublicEventBody): void => {
      if (event.sequence <= sent) return;
      sent = event.sequence;
      stream.write(sseEvent(String(event.sequence), event.type, event));
    };
    // Connected first, then the backlog: nothing appended in between is missed; repeats are dropped by sequence.
    try {
      const disconnect = await this.hub.connect({
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        deploymentId: id,
        sessionTokenSha256: stream.sessionTokenSha256,
        send: (event) => (backlogDone ? emit(event) : void pending.push(event)),
        close: () => stream.close(),
      });
      stream.onClose(disconnect);
      stream.announce();
      for (const event of await deploymentPublicEvents(this.ports.store, scopeOf(auth), id)) emit(event);
    } catch {
      stream.close();
      return;
    }
    backlogDone = true;
    for (const event of pending.sort((a, b) => a.sequence - b.sequence)) emit(event);
  }

  /**
   * Every public event of the workspace and mode, live; with `Last-Event-ID`, the missed ones first:
   * at most EVENT_STREAM_REPLAY_MAX_EVENTS of the workspace's events are read, each page paid for
   * with rate-limit permits of the key; past the bound the stream sends the id where it stopped
   * reading and ends, and the client's reconnect (with that id) continues.
   */
  @PublicOperation(streamEventsOperation)
  @Get('events/stream')
  async workspaceStream(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    refuseUnknownParameters(request.query as Record<string, unknown>, ['mode']);
    const lastId = lastEventIdOf(request);
    if (lastId !== undefined && !/^\d{1,20}:\d{1,20}$/.test(lastId))
      throw new DomainError('invalid_request', 'Last-Event-ID must be an id this stream sent', 'Last-Event-ID');
    const slot = await this.streams.claimForPartner(auth);
    let stream: OpenEventStream | undefined;
    // Replayed events may arrive live too, just after the replay read them: their repeats are dropped.
    const sent = new RecentIds(Math.max(REMEMBERED_IDS, 2 * this.ports.config.costBounds.replayMaxEvents));
    let backlogDone = false;
    let closedBeforeOpen = false;
    const pending: [PublicEventBody, RecordedEvent][] = [];
    const emit = (event: PublicEventBody, recorded: RecordedEvent): void => {
      if (!sent.add(event.id)) return;
      stream?.write(sseEvent(recorded.checkpoint, event.type, event));
    };
    const replay = lastId === undefined ? null : new WorkspaceReplay(this.ports.store, auth.workspaceId, lastId, this.ports.config.costBounds.replayMaxEvents);
    let disconnect: () => void = () => undefined;
    let page: RecordedEvent[] | null = null;
    // The workspace's replay budget is taken before a page is read, not after: a page read and
    // then held while its stream waits for the budget outlives young-generation collections and
    // makes each one slower for every request of the gateway.
    const readPage = async (stillWanted: () => boolean): Promise<RecordedEvent[] | null> => {
      if (!replay) return null;
      const rows = replay.nextPageSize;
      if (rows > 0 && !(await this.pacer.take(auth.workspaceId, rows, stillWanted))) return null;
      return replay.nextPage();
    };
    // Connected first, then the backlog: nothing appended in between is missed. The first page is
    // read and paid for before the answer starts, so a key out of permits gets a plain 429.
    try {
      disconnect = await this.hub.connect({
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        deploymentId: null,
        sessionTokenSha256: request.personAuth?.session.tokenSha256 ?? null,
        send: (event, recorded) => (backlogDone ? emit(event, recorded) : void pending.push([event, recorded])),
        close: () => (stream ? stream.close() : void (closedBeforeOpen = true)),
      });
      page = await readPage(() => !request.raw.socket.destroyed);
      if (page) await this.payForReplay(auth, `${String(request.id)}:replay:0`, page.length, true);
    } catch (error) {
      disconnect();
      slot.release();
      throw error;
    }
    stream = this.streams.open(request, reply, slot);
    stream.onClose(disconnect);
    if (closedBeforeOpen) stream.close();
    stream.announce();
    try {
      let pagesPaid = 1;
      while (page && stream.isOpen) {
        const open = stream;
        const states = new BatchSubjectStates(this.ports.store);
        for (const recorded of page) {
          // Each event rendered gives the event loop back first: a page rendered in one go held every
          // other workspace's requests behind it for as long as the page took.
          await setImmediate();
          // The client went away: no more rendering, and no next page.
          if (!stream.isOpen) return;
          const rendered = await this.hub.render(recorded, new Date(), states);
          if (rendered && rendered.mode === auth.mode) emit(rendered.body, recorded);
        }
        if (!stream.isOpen) return;
        page = await readPage(() => open.isOpen);
        if (page && !(await this.payForReplay(auth, `${String(request.id)}:replay:${pagesPaid++}`, page.length, false))) return stream.close();
      }
      if (!stream.isOpen) return;
      const truncatedAt = replay?.truncatedAt;
      if (truncatedAt) {
        // An id alone moves the client's Last-Event-ID past what was read (of either mode) without an event.
        stream.write(`id: ${truncatedAt}\n\n`);
        return stream.close();
      }
    } catch {
      stream.close();
      return;
    }
    backlogDone = true;
    for (const [event, recorded] of pending) emit(event, recorded);
  }

  /**
   * A replay page costs its key one rate-limit permit per EVENT_STREAM_REPLAY_EVENTS_PER_PERMIT rows
   * (`member`: unique per page, as the window counts members).
   * Before the stream opens a refusal is a 429 (`refuse`); after, false (the stream ends).
   */
  private async payForReplay(auth: AuthenticatedKey, member: string, rows: number, refuse: boolean): Promise<boolean> {
    const permits = Math.ceil(rows / this.ports.config.costBounds.replayEventsPerPermit);
    const verdict = await this.rateLimiter.spend(auth.keyId, member, permits);
    if (!verdict || verdict.allowed) return true;
    if (!refuse) return false;
    throw new RetryAfterError(
      'rate_limited',
      `replaying ${rows} events costs ${permits} of this API key's ${verdict.limit} requests a minute, more than it has left; retry after ${verdict.retryAfterSeconds} s`,
      verdict.retryAfterSeconds,
    );
  }
}
