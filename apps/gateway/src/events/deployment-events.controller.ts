import { Controller, Get, Inject, Param, Req, Res, UseGuards } from '@nestjs/common';
import { DomainError } from '@eh/contracts';
import { deploymentPublicEvents, type PublicEventBody } from '@eh/delivery';
import type { EventStore, RecordedEvent } from '@eh/event-store';
import type { ServiceConfig } from '@eh/platform';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleSessions } from '../console-auth/console-sessions';
import { ApiKeyGuard, Auth } from '../http/api-key.guard';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { CONFIG, EVENT_STORE } from '../http/tokens';
import { scopeOf } from '../webhook-endpoints/partner-context';
import { openEventStream, sseEvent } from './event-stream.response';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from './workspace-event.hub';

/** Missed events a workspace stream sends on resume before going live; an older `Last-Event-ID` gets the latest of them. */
const MAX_RESUMED = 1000;
/** How far a resume reads the store (pages of 500) looking for the workspace's events. */
const MAX_RESUME_PAGES = 40;

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
 * A deployment's events and everyone's live streams (issue 13, docs/dashboard-contract.md §5): public
 * events only, each the webhook body, so an agent can follow without polling and without a receiver.
 */
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class DeploymentEventsController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: ServiceConfig,
    @Inject(ConsoleSessions) private readonly sessions: ConsoleSessions,
    @Inject(WORKSPACE_EVENT_HUB) private readonly hub: WorkspaceEventHub,
  ) {}

  /** Oldest first, in stream order; `cursor` continues after the last event of the previous page. */
  @Get('deployments/:id/events')
  async list(@Auth() auth: AuthenticatedKey, @Param('id') id: string, @Req() request: FastifyRequest): Promise<ListEnvelope<PublicEventBody>> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, ['limit', 'cursor']);
    const limit = parseLimit(singleParameter(query, 'limit') ?? '100');
    const cursor = singleParameter(query, 'cursor');
    const after = cursor === undefined ? -1 : Number(decodePositionCursor(cursor, (value) => /^\d{1,9}$/.test(value)));
    const events = (await deploymentPublicEvents(this.store, scopeOf(auth), id)).filter((event) => event.sequence > after);
    const page = events.slice(0, limit);
    const last = page[page.length - 1];
    return listEnvelope(page, events.length > limit && last ? encodePositionCursor(String(last.sequence)) : null);
  }

  /** What the stream already holds after `Last-Event-ID` (all of it without), then every new event as it happens. */
  @Get('deployments/:id/events/stream')
  async deploymentStream(@Auth() auth: AuthenticatedKey, @Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    refuseUnknownParameters(request.query as Record<string, unknown>, ['mode']);
    const lastId = lastEventIdOf(request);
    const after = lastId === undefined ? -1 : parseSequence(lastId, 'Last-Event-ID');
    // Before the stream opens: a deployment of another workspace or mode is a plain 404.
    await deploymentPublicEvents(this.store, scopeOf(auth), id);
    const stream = openEventStream(request, reply, { keepaliveMs: this.config.console.sseKeepaliveSeconds * 1000, sessions: this.sessions.store });
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
      for (const event of await deploymentPublicEvents(this.store, scopeOf(auth), id)) emit(event);
    } catch {
      stream.close();
      return;
    }
    backlogDone = true;
    for (const event of pending.sort((a, b) => a.sequence - b.sequence)) emit(event);
  }

  /** Every public event of the workspace and mode, live; with `Last-Event-ID`, the missed ones first. */
  @Get('events/stream')
  async workspaceStream(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    refuseUnknownParameters(request.query as Record<string, unknown>, ['mode']);
    const lastId = lastEventIdOf(request);
    if (lastId !== undefined && !/^\d{1,20}:\d{1,20}$/.test(lastId)) throw new DomainError('invalid_request', 'Last-Event-ID must be an id this stream sent', 'Last-Event-ID');
    const stream = openEventStream(request, reply, { keepaliveMs: this.config.console.sseKeepaliveSeconds * 1000, sessions: this.sessions.store });
    const seen = new Set<string>();
    let backlogDone = lastId === undefined;
    const pending: [PublicEventBody, RecordedEvent][] = [];
    const emit = (event: PublicEventBody, recorded: RecordedEvent): void => {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      stream.write(sseEvent(recorded.checkpoint, event.type, event));
    };
    try {
      const disconnect = await this.hub.connect({
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        deploymentId: null,
        sessionTokenSha256: stream.sessionTokenSha256,
        send: (event, recorded) => (backlogDone ? emit(event, recorded) : void pending.push([event, recorded])),
        close: () => stream.close(),
      });
      stream.onClose(disconnect);
      stream.announce();
      if (lastId === undefined) return;
      for (const [event, recorded] of await this.missedSince(lastId, auth)) emit(event, recorded);
    } catch {
      stream.close();
      return;
    }
    backlogDone = true;
    for (const [event, recorded] of pending) emit(event, recorded);
  }

  /** The workspace's public events of this mode after `checkpoint`, in store order, at most MAX_RESUMED (the latest). */
  private async missedSince(checkpoint: string, auth: AuthenticatedKey): Promise<[PublicEventBody, RecordedEvent][]> {
    const found: [PublicEventBody, RecordedEvent][] = [];
    let position: string = checkpoint;
    for (let page = 0; page < MAX_RESUME_PAGES; page++) {
      const { events, checkpoint: next } = await this.store.readAll(position, 500);
      for (const recorded of events) {
        if (recorded.metadata.workspace_id !== auth.workspaceId) continue;
        const rendered = await this.hub.render(recorded, new Date());
        if (rendered && rendered.mode === auth.mode) found.push([rendered.body, recorded]);
      }
      if (events.length < 500 || next === position) break;
      position = next;
    }
    return found.slice(-MAX_RESUMED);
  }
}
