import { Get, Header, Inject, Param, Req } from '@nestjs/common';
import { DomainError, isId, isPublicEventType, PUBLIC_EVENT_TYPES } from '@eh/contracts';
import { BatchSubjectStates, type PublicEventBody } from '@eh/delivery';
import type { EventStore } from '@eh/event-store';
import type { AuthenticatedKey } from '@eh/workspaces';
import type { FastifyRequest } from 'fastify';
import { Auth } from '../http/guards/api-key.guard';
import { NOT_CACHED } from '../http/cache-control';
import { listEnvelope, type ListEnvelope } from '../http/list-envelope';
import { decodePositionCursor, encodePositionCursor, invalidQuery, parseLimit, refuseUnknownParameters, singleParameter } from '../http/list-query.rules';
import { EVENT_STORE } from '../http/tokens';
import { listWorkspaceEvents } from './workspace-events.list';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from './workspace-event.hub';
import { PublicOperation } from '../docs/openapi/operation.decorators';
import { getEventOperation, listEventsOperation } from './workspace-events.openapi';
import { PartnerController } from '../http/guards/audience-controllers';

const KNOWN = ['type', 'deployment_id', 'created_after', 'created_before', 'limit', 'cursor'] as const;
const CHECKPOINT = /^\d{1,20}:\d{1,20}$/;
const eventNotFound = (id: string): DomainError => new DomainError('not_found', `no event ${id} in this workspace and mode`, 'id');

/**
 * The workspace's public events, for agents without a public URL (a pull path, as Stripe's
 * `GET /v1/events`): each as its webhook body, newest first, of the key's mode only.
 */
@PartnerController('v1/events')
export class WorkspaceEventsController {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(WORKSPACE_EVENT_HUB) private readonly hub: WorkspaceEventHub,
  ) {}

  @PublicOperation(listEventsOperation)
  @Get()
  @Header('Cache-Control', NOT_CACHED)
  async list(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest): Promise<ListEnvelope<PublicEventBody>> {
    const query = request.query as Record<string, unknown>;
    refuseUnknownParameters(query, KNOWN);
    const type = singleParameter(query, 'type');
    if (type !== undefined && !isPublicEventType(type)) throw invalidQuery('type', `type must be one of: ${PUBLIC_EVENT_TYPES.join(', ')}`);
    const deploymentId = singleParameter(query, 'deployment_id');
    if (deploymentId !== undefined && !isId('deployment', deploymentId)) throw invalidQuery('deployment_id', 'deployment_id must be a deployment id (dep_…)');
    const cursor = singleParameter(query, 'cursor');
    const page = await listWorkspaceEvents(
      this.store,
      (recorded, now, states) => this.hub.render(recorded, now, states),
      {
        workspaceId: auth.workspaceId,
        mode: auth.mode,
        ...(type ? { types: [type] } : {}),
        ...(deploymentId ? { deploymentId } : {}),
        ...optionalTime(query, 'created_after', 'createdAfter'),
        ...optionalTime(query, 'created_before', 'createdBefore'),
        limit: parseLimit(singleParameter(query, 'limit')),
        before: cursor === undefined ? null : decodePositionCursor(cursor, (value) => CHECKPOINT.test(value)),
      },
      new Date(),
    );
    return listEnvelope(page.data, page.next === null ? null : encodePositionCursor(page.next));
  }

  /** One event as its webhook body; another workspace's or mode's, or one the list would not show, is 404. */
  @PublicOperation(getEventOperation)
  @Get(':id')
  @Header('Cache-Control', NOT_CACHED)
  async show(@Auth() auth: AuthenticatedKey, @Param('id') id: string): Promise<PublicEventBody> {
    if (!isId('event', id)) throw eventNotFound(id);
    const recorded = await this.store.readEvent(id);
    if (!recorded || recorded.metadata.workspace_id !== auth.workspaceId) throw eventNotFound(id);
    const rendered = await this.hub.render(recorded, new Date(), new BatchSubjectStates(this.store));
    if (!rendered || rendered.mode !== auth.mode) throw eventNotFound(id);
    return rendered.body;
  }
}

function optionalTime<K extends string>(query: Record<string, unknown>, name: string, key: K): Partial<Record<K, string>> {
  const raw = singleParameter(query, name);
  if (raw === undefined) return {};
  const at = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(at)) throw invalidQuery(name, `${name} must be an ISO 8601 date or date-time, e.g. 2026-11-01T09:30:00Z`);
  return { [key]: new Date(at).toISOString() } as Partial<Record<K, string>>;
}
